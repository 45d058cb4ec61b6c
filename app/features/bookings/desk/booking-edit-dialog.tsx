import { useEffect, useRef, useState, type ReactNode } from "react";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DialogActions } from "~/components/ui/dialog-actions";
import { SelectField } from "~/components/ui/form-field";
import { BookingFields } from "../booking-details-dialog";
import { BOOKING_STATUSES, type Booking, type BookingStatus } from "../bookings.schema";
import { StatusBadge } from "../status-badge";
import { OverCapacityBadge } from "./over-capacity-badge";
import { ClubBadge } from "./club-badge";
import { NeedsNewTimeBadge } from "../needs-new-time-badge";
import { dayAndWindow } from "../visit-text";
import { dangerButton, plainButton } from "./desk-buttons";
import type { StatusChange } from "./use-booking-edit";

interface Props {
  booking: Booking | null;
  busy: boolean;
  /** Why the last save was refused, shown on top of the dialog's fields. */
  error: string | null;
  onSave(change: StatusChange): Promise<void>;
  /** Opens the move dialog, the one way an admin moves a booking (with each slot's places left). */
  onMove(booking: Booking): void;
  onClose(): void;
  /** More about the booking under its fields (the route adds its messages). */
  more?: (booking: Booking) => ReactNode;
}

const STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));

/**
 * The admin's view of a booking: every field, the ways to the move dialog (a new date or slot is
 * chosen there, where each slot says how many places it has left) and to cancelling it (after a
 * confirmation), both above what follows (history, messages), and its status to change.
 */
export function BookingEditDialog({ booking, busy, error, onSave, onMove, onClose, more }: Props) {
  const ref = useModalDialog(booking !== null);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="booking-edit-title"
      className="m-auto w-[min(34rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {/* Keyed by booking, so the choices start from each booking's own values. */}
      {booking && (
        <BookingEditForm
          key={booking._id}
          booking={booking}
          busy={busy}
          error={error}
          onSave={onSave}
          onMove={onMove}
          onClose={onClose}
          more={more}
        />
      )}
    </dialog>
  );
}

function BookingEditForm({
  booking,
  busy,
  error,
  onSave,
  onMove,
  onClose,
  more,
}: Omit<Props, "booking"> & { booking: Booking }) {
  const [status, setStatus] = useState<BookingStatus>(booking.status);
  const [cancelling, setCancelling] = useState(false);
  const unchanged = status === booking.status;
  async function cancel() {
    await onSave({ status: "cancelled" });
    // Refused: the reason shows in the booking's dialog, under this one.
    setCancelling(false);
  }
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <h2 id="booking-edit-title" className="text-lg font-bold text-slate-900">
          Booking of {booking.fullName}
        </h2>
        <span className="flex flex-wrap justify-end gap-1">
          <StatusBadge status={booking.status} />
          <OverCapacityBadge booking={booking} />
          <ClubBadge booking={booking} />
          <NeedsNewTimeBadge booking={booking} />
        </span>
      </div>
      {error && <Refusal message={error} />}
      <BookingFields booking={booking} />
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={plainButton} disabled={busy} onClick={() => onMove(booking)}>
          Move to another date or time…
        </button>
        {booking.status !== "cancelled" && (
          <button type="button" className={dangerButton} disabled={busy} onClick={() => setCancelling(true)}>
            Cancel booking…
          </button>
        )}
      </div>
      {more?.(booking)}
      <div className="mt-5 sm:max-w-[calc(50%-0.5rem)]">
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(e) => setStatus(e.target.value as BookingStatus)}
        />
      </div>
      <DialogActions
        closeLabel="Close"
        actionLabel="Save"
        busyLabel="Saving…"
        busy={busy}
        disabled={unchanged}
        onClose={onClose}
        onAction={() => void onSave({ status })}
      />
      <ConfirmDialog
        open={cancelling}
        title={`Cancel ${booking.fullName}'s booking?`}
        description={`${dayAndWindow(booking.preferredDate, booking.preferredTimeSlot)}. Its place is freed for someone else${booking.email ? ", and they are e-mailed that it was cancelled" : ""}.`}
        confirmLabel="Cancel booking"
        closeLabel="Keep booking"
        busyLabel="Cancelling…"
        busy={busy}
        danger
        onConfirm={() => void cancel()}
        onClose={() => !busy && setCancelling(false)}
      />
    </>
  );
}

/**
 * Why the save was refused, on top of the dialog, in the specification's words ('Update failed' and
 * the server's reason; the move dialog says it the same way). Save is at the bottom of a dialog that
 * scrolls (history, messages), so the refusal is scrolled to and focused, where it is seen and read out.
 */
export function Refusal({ message }: { message: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "nearest" });
    ref.current?.focus({ preventScroll: true });
  }, [message]);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className="mt-4 scroll-mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-900 outline-none"
    >
      <p className="font-bold">Update failed</p>
      <p className="mt-0.5">{message}</p>
    </div>
  );
}
