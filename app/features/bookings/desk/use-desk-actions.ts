import { useState, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { useToast } from "~/components/ui/toast";
import { useFailureToast } from "~/components/ui/use-failure-toast";
import { apiFetch } from "~/lib/api-client";
import type { Booking } from "../bookings.schema";
import { useSite } from "~/lib/use-site";
import { stagesOffered } from "../stage-guards";
import { STAGE_LABELS, type VisitStage } from "../visit-stages";

/**
 * The time now, to the minute, looked at every 10 s (a window's end makes "No-show" appear without
 * a reload). Null while the page hydrates: the server's clock and the browser's differ, and the
 * stage buttons work only once hydrated anyway, so the server's HTML has none and both renders agree.
 */
function useMinuteClock(): Date | null {
  const minute = useSyncExternalStore(everyMinute, thisMinute, () => null);
  return minute === null ? null : new Date(minute * 60_000);
}
const thisMinute = () => Math.floor(Date.now() / 60_000);
function everyMinute(changed: () => void) {
  const timer = setInterval(changed, 10_000);
  return () => clearInterval(timer);
}

/**
 * The counter's one-tap actions on a booking (confirm it, move its visit on a stage): each calls
 * the API, says what happened (or the server's reason) and reloads the page's data. One booking
 * is busy at a time, so a double tap does not send twice.
 */
export function useDeskActions({
  onStageSet,
}: {
  /** Told once a stage is set (the route's: the oil change's prompt on Collected). */
  onStageSet?: (booking: Booking, stage: VisitStage | null) => void;
} = {}) {
  const [busyId, setBusyId] = useState<string | null>(null);
  const toast = useToast();
  const showFailure = useFailureToast();
  const revalidator = useRevalidator();
  const { timeZone } = useSite();
  const now = useMinuteClock();

  /** Whether it was done. */
  async function act(booking: Booking, call: () => Promise<unknown>, title: string, description: string) {
    if (busyId) return false;
    setBusyId(booking._id);
    try {
      await call();
      void toast({ title, description, tone: "success" });
      await revalidator.revalidate();
      return true;
    } catch (error) {
      showFailure(error, "Update failed");
      return false;
    } finally {
      setBusyId(null);
    }
  }

  return {
    busyId,
    /** The stages the server would accept for the visit now (the current one among them, to clear it). */
    stagesFor: (booking: Booking) => (now ? stagesOffered(booking, now, timeZone) : []),
    confirm: (booking: Booking) =>
      act(
        booking,
        () => apiFetch(`/api/bookings/${booking._id}`, { method: "PATCH", json: { status: "confirmed" } }),
        "Confirmed",
        `${booking.fullName}'s booking on ${booking.preferredDate} is confirmed; they have been e-mailed.`,
      ),
    setStage: async (booking: Booking, stage: VisitStage | null) => {
      const done = await act(
        booking,
        () => apiFetch(`/api/bookings/${booking._id}/stage`, { method: "PUT", json: { stage } }),
        stage ? STAGE_LABELS[stage] : "Stage cleared",
        stage === "ready"
          ? `${booking.fullName} has been e-mailed that their car is ready.`
          : stage === "no-show"
            ? `${booking.fullName}'s visit: no-show. A mistake? “Undo no-show” on its card on the board clears it.`
            : `${booking.fullName}'s visit: ${stage ? STAGE_LABELS[stage].toLowerCase() : "not arrived"}.`,
      );
      if (done) onStageSet?.(booking, stage);
    },
  };
}

export type DeskActions = ReturnType<typeof useDeskActions>;
