import { useState } from "react";
import { DialogActions } from "~/components/ui/dialog-actions";
import { TextAreaField } from "~/components/ui/form-field";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { arrivalWindow, dateWithYear } from "../visit-text";
import type { ClosureChoice } from "./booking-settings.schema";

/** A live booking on the date being closed, as the dialog lists it. */
export interface BookingOnDay {
  _id: string;
  fullName: string;
  preferredTimeSlot: string;
  serviceType: string;
}

const CHOICES: { value: ClosureChoice; label: string; detail: string }[] = [
  {
    value: "reschedule",
    label: "Tell them and let them choose a new time",
    detail: "Each customer is e-mailed the reason and a link to choose a new time, whatever the change deadline.",
  },
  {
    value: "cancel",
    label: "Cancel them all",
    detail: "Each booking is cancelled and its customer e-mailed the reason.",
  },
];

/**
 * Closing a date that already has bookings (issue 29): the admin sees whose they are and chooses
 * what happens to them, with a note for the e-mail, before anything is written.
 */
export function ClosureDialog({
  date,
  bookings,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  /** The date being closed; null while the dialog is shut. */
  date: string | null;
  bookings: BookingOnDay[];
  busy: boolean;
  error: string | null;
  onConfirm(choice: { bookings: ClosureChoice; message: string }): void;
  onClose(): void;
}) {
  const ref = useModalDialog(date !== null);
  const [choice, setChoice] = useState<ClosureChoice>("reschedule");
  const [message, setMessage] = useState("");
  const count = bookings.length === 1 ? "1 booking" : `${bookings.length} bookings`;

  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="closure-title"
      aria-describedby="closure-description"
      className="m-auto max-h-[calc(100%-2rem)] w-[min(34rem,calc(100%-2rem))] rounded-xl p-5 shadow-2xl backdrop:bg-slate-900/60 sm:p-6"
    >
      {date !== null && (
        <>
          <h2 id="closure-title" className="text-lg font-bold text-slate-900">
            Close {dateWithYear(date)}?
          </h2>
          <p id="closure-description" className="mt-2 text-slate-700">
            {count} {bookings.length === 1 ? "is" : "are"} already made for it. What should happen to{" "}
            {bookings.length === 1 ? "it" : "them"}?
          </p>
          <ul
            aria-label={`Bookings on ${dateWithYear(date)}`}
            className="mt-3 max-h-48 divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200"
          >
            {bookings.map((b) => (
              <li key={b._id} className="px-3 py-2 text-sm">
                <span className="font-semibold text-slate-900">{b.fullName}</span>
                <span className="block text-slate-700">
                  {arrivalWindow(b.preferredTimeSlot)} · {b.serviceType}
                </span>
              </li>
            ))}
          </ul>
          <fieldset className="mt-4">
            <legend className="text-sm font-semibold text-slate-800">Their bookings</legend>
            <div className="mt-2 space-y-2">
              {CHOICES.map((c) => (
                <label
                  key={c.value}
                  className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="closure-bookings"
                    value={c.value}
                    checked={choice === c.value}
                    onChange={() => setChoice(c.value)}
                    className="mt-1 size-4 accent-brand-700"
                  />
                  <span>
                    <span className="block font-semibold text-slate-900">{c.label}</span>
                    <span className="block text-sm text-slate-700">{c.detail}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-4">
            <TextAreaField
              label="Message to the customers (optional)"
              hint="Added to the e-mail, after the reason."
              rows={3}
              maxLength={500}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
              {error}
            </p>
          )}
          <DialogActions
            closeLabel="Keep it open"
            actionLabel={choice === "cancel" ? "Close and cancel them" : "Close and tell them"}
            busyLabel="Closing…"
            busy={busy}
            danger={choice === "cancel"}
            onClose={onClose}
            onAction={() => onConfirm({ bookings: choice, message: message.trim() })}
          />
        </>
      )}
    </dialog>
  );
}
