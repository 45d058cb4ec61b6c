import type { ReactNode } from "react";
import { telHref } from "~/lib/site-config";
import type { Booking } from "../bookings.schema";
import type { DeskActions } from "./use-desk-actions";

const button = "rounded-md border px-3 py-1.5 text-sm font-semibold disabled:opacity-60";
export const primaryButton = `${button} border-brand-700 bg-brand-700 text-white hover:bg-brand-800`;
export const plainButton = `${button} border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
/** An action that undoes a visit (cancel it): red-edged, not filled, beside the plain ones. */
export const dangerButton = `${button} border-red-300 bg-white text-red-800 hover:bg-red-50`;

/** The customer's name after a row's button text, for screen readers ("Confirm Ann Lee"). */
export const NameForReaders = ({ booking }: { booking: Booking }) => (
  <span className="sr-only"> {booking.fullName}</span>
);

/** A row's one-tap action (Confirm, Check in), off while that booking's last tap is on its way. */
export function TapButton({
  booking,
  actions,
  onTap,
  children,
}: {
  booking: Booking;
  actions: DeskActions;
  onTap(): void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={primaryButton} disabled={actions.busyId === booking._id} onClick={onTap}>
      {children}
      <NameForReaders booking={booking} />
    </button>
  );
}

/** Calling the customer; none where there is no number (a customer removed: decision 036). */
export function CallLink({ booking }: { booking: Booking }) {
  if (!booking.phone) return null;
  return (
    <a className={plainButton} href={telHref(booking.phone)}>
      Call
      <NameForReaders booking={booking} />
    </a>
  );
}

/** The customer's name as the button that opens the booking's details. */
export function NameButton({
  booking,
  onOpen,
  className = "",
}: {
  booking: Booking;
  onOpen(booking: Booking): void;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={() => onOpen(booking)}
      aria-label={`Details of ${booking.fullName}'s booking`}
      className={`font-bold text-slate-900 underline-offset-2 hover:underline ${className}`}
    >
      {booking.fullName}
    </button>
  );
}
