import { useState } from "react";
import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";
import type { Booking } from "../bookings.schema";

/**
 * Pending requests chosen on a list (or all of them: the desk's Confirm all), confirmed together as
 * the admin sees them (date and slot): the server confirms all of them or, if one changed
 * meanwhile, none (and says which).
 */
export function useBulkConfirm(shown: Booking[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { busy, run } = useApiAction({ failureToast: "Update failed" });
  const pending = shown.filter((b) => b.status === "pending");
  // Only what is still on screen and pending counts: a reload may have confirmed or removed some.
  const chosen = pending.filter((b) => selected.has(b._id));

  const toggle = (id: string) =>
    setSelected((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggleAll = () =>
    setSelected(chosen.length === pending.length ? new Set() : new Set(pending.map((b) => b._id)));

  /** Whether they were confirmed. */
  async function send(batch: Booking[]) {
    if (batch.length === 0 || busy) return false;
    return run(async () => {
      await apiFetch("/api/bookings/confirm", {
        method: "POST",
        json: {
          bookings: batch.map((b) => ({
            id: b._id,
            preferredDate: b.preferredDate,
            preferredTimeSlot: b.preferredTimeSlot,
          })),
        },
      });
      const n = batch.length;
      setSelected(new Set());
      return {
        title: "Confirmed",
        description: `${n === 1 ? "1 booking" : `${n} bookings`} confirmed; the customers have been e-mailed.`,
      };
    });
  }

  return {
    busy,
    pendingCount: pending.length,
    chosen: chosen.length,
    allChosen: pending.length > 0 && chosen.length === pending.length,
    isChosen: (id: string) => selected.has(id),
    toggle,
    toggleAll,
    confirm: () => send(chosen),
    /** Every pending request on the list, chosen or not. */
    confirmAll: () => send(pending),
  };
}

export type BulkConfirm = ReturnType<typeof useBulkConfirm>;
