import { useId, useState } from "react";
import {
  demandLine,
  type WaitlistDay,
  type WaitlistEntryStatus,
  type WaitlistEntryView,
} from "~/features/waitlist/waitlist.schema";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogActions } from "~/components/ui/dialog-actions";
import { useApiAction } from "~/components/ui/use-api-action";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { apiFetch } from "~/lib/api-client";
import { zonedFormatter } from "~/lib/business-date";
import { arrivalWindow, longDate, momentText } from "../visit-text";

const ENTRY_STATUS: Record<WaitlistEntryStatus, string> = {
  waiting: "Waiting",
  booked: "Booked",
  declined: "Said no thanks",
  lapsed: "Offer lapsed",
  left: "Left the list",
  removed: "Removed",
  ended: "Day passed",
  closed: "Day closed",
};

const OFFER_STATUS: Record<WaitlistEntryView["offers"][number]["status"], string> = {
  open: "held",
  accepted: "booked",
  declined: "declined",
  lapsed: "lapsed",
  withdrawn: "withdrawn",
};

/** The windows an entry would take: its own, or every window of the day for "any time". */
const windowsText = (entry: WaitlistEntryView) =>
  entry.slots.length === 0 ? "Any time that day" : entry.slots.map((slot) => arrivalWindow(slot)).join(", ");

/**
 * A day's waitlist for the admin (issue 29), on the bay board and in the day's list: the demand
 * line, then each entry (who, what, the windows that would do, since when, the offers made), with
 * "Offer a place" (a window, then POST /api/waitlist/{id}/offer) and "Remove" (after a confirmation).
 * `windows`: the day's windows: any may be offered (the entry's own are marked).
 */
export function DayWaitlist({
  day,
  windows,
  timeZone,
  className = "",
  wide = false,
}: {
  day: WaitlistDay;
  windows: string[];
  timeZone: string;
  className?: string;
  /** Across a page (the day's list): the entries side by side. */
  wide?: boolean;
}) {
  const [offering, setOffering] = useState<WaitlistEntryView | null>(null);
  const [removing, setRemoving] = useState<WaitlistEntryView | null>(null);
  const action = useApiAction({ failureToast: "Couldn't do that" });
  const clock = zonedFormatter("en-US", { timeZone, hour: "numeric", minute: "2-digit" });

  const offer = (entry: WaitlistEntryView, slot: string) => {
    // The dialog closes first: a toast (the API's refusal, 409) would sit behind its backdrop.
    setOffering(null);
    void action.run(async () => {
      await apiFetch(`/api/waitlist/${entry.id}/offer`, { method: "POST", json: { slot } });
      return {
        title: "Place offered",
        description: `${entry.fullName} has an e-mail holding ${arrivalWindow(slot)} for them.`,
      };
    });
  };
  const remove = (entry: WaitlistEntryView) =>
    void action
      .run(async () => {
        await apiFetch(`/api/waitlist/${entry.id}`, { method: "DELETE" });
        return { title: "Removed", description: `${entry.fullName} is off the waitlist.` };
      })
      .then((done) => done && setRemoving(null));

  return (
    <section
      aria-labelledby="waitlist-heading"
      className={`rounded-xl border border-slate-200 bg-white p-4 print:hidden ${className}`}
    >
      <h2 id="waitlist-heading" className="font-bold text-slate-900">
        Waitlist
      </h2>
      {day.waited > 0 && (
        <p className="text-sm font-semibold text-brand-800">
          {demandLine(day.waited, day.entries.filter((e) => e.status === "waiting").length, longDate(day.date))}
        </p>
      )}
      {day.entries.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No one is waiting for this day.</p>
      ) : (
        <ol
          className={
            wide
              ? "mt-2 grid gap-x-6 sm:grid-cols-2 xl:grid-cols-3 [&>li]:border-t [&>li]:border-slate-200"
              : "mt-2 divide-y divide-slate-200"
          }
        >
          {day.entries.map((entry) => {
            const waiting = entry.status === "waiting";
            const held = entry.offers.some((o) => o.status === "open");
            return (
              <li key={entry.id} className={`py-3 ${waiting ? "" : "text-slate-500"}`}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className={`font-semibold ${waiting ? "text-slate-900" : ""}`}>{entry.fullName}</p>
                  {!waiting && (
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-700">
                      {ENTRY_STATUS[entry.status]}
                    </span>
                  )}
                </div>
                <p className="text-sm">{entry.summary}</p>
                <p className="text-sm">
                  <span className="font-semibold">Would take:</span> {windowsText(entry)}
                </p>
                <p className="text-sm text-slate-600">Since {momentText(entry.createdAt, timeZone)}</p>
                {entry.offers.length > 0 && (
                  <ul aria-label={`Offers to ${entry.fullName}`} className="mt-1 space-y-0.5 text-sm">
                    {entry.offers.map((o) => (
                      <li key={o.id}>
                        Offered {arrivalWindow(o.slot)}
                        {o.byAdmin && " by hand"}:{" "}
                        <span className={o.status === "open" ? "font-semibold text-amber-800" : ""}>
                          {o.status === "open"
                            ? `held until ${clock.format(new Date(o.expiresAt))}`
                            : OFFER_STATUS[o.status]}
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
                {waiting && (
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    {!held && (
                      <button
                        type="button"
                        disabled={action.busy}
                        onClick={() => setOffering(entry)}
                        className={`${buttonClass({ variant: "outline", size: "sm" })} text-sm`}
                      >
                        Offer a place<span className="sr-only"> to {entry.fullName}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={action.busy}
                      onClick={() => setRemoving(entry)}
                      className="px-2 py-1.5 text-sm font-semibold text-slate-700 underline underline-offset-4 hover:text-red-800 disabled:opacity-60"
                    >
                      Remove<span className="sr-only"> {entry.fullName}</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}
      <OfferDialog entry={offering} windows={windows} onOffer={offer} onClose={() => setOffering(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove from the waitlist?"
        description={
          removing
            ? `${removing.fullName} will no longer be offered a place on ${longDate(day.date)}. We don't e-mail them about it.`
            : ""
        }
        confirmLabel="Remove"
        closeLabel="Keep"
        busyLabel="Removing…"
        busy={action.busy}
        danger
        onConfirm={() => removing && remove(removing)}
        onClose={() => !action.busy && setRemoving(null)}
      />
    </section>
  );
}

/** Which window to offer an entry: one of those that would do (or any of the day's). */
function OfferDialog({
  entry,
  windows,
  onOffer,
  onClose,
}: {
  entry: WaitlistEntryView | null;
  windows: string[];
  onOffer(entry: WaitlistEntryView, slot: string): void;
  onClose(): void;
}) {
  const ref = useModalDialog(entry !== null);
  const id = useId();
  // The window chosen, for the entry it was chosen for.
  const [choice, setChoice] = useState<{ entryId: string; slot: string } | null>(null);
  const slot = entry && choice?.entryId === entry.id ? choice.slot : null;
  // The entry's own window is chosen for it when it named one; any of the day's may be offered.
  const wanted = entry?.slots ?? [];
  const chosen = slot && windows.includes(slot) ? slot : wanted.length === 1 ? wanted[0]! : null;
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={`${id}-title`}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {entry && (
        <>
          <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
            Offer {entry.fullName} a place
          </h2>
          <p className="mt-2 text-slate-700">
            They get an e-mail holding it for them; one tap books it. The place must be free now.
          </p>
          <fieldset className="mt-4">
            <legend className="text-sm font-semibold text-slate-800">Window</legend>
            <div className="mt-2 grid grid-cols-2 gap-2">
              {windows.map((w) => (
                <label
                  key={w}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 px-3 py-2 has-checked:border-brand-700 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name={`${id}-slot`}
                    value={w}
                    checked={chosen === w}
                    onChange={() => setChoice({ entryId: entry.id, slot: w })}
                    className="size-4 accent-brand-700"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{arrivalWindow(w)}</span>
                    {wanted.includes(w) && <span className="block text-xs text-slate-600">would do</span>}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <DialogActions
            actionLabel="Offer this place"
            disabled={!chosen}
            onClose={onClose}
            onAction={() => chosen && onOffer(entry, chosen)}
          />
        </>
      )}
    </dialog>
  );
}
