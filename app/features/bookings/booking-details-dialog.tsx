import { Trans, useLingui } from "@lingui/react/macro";
import { useState, type ReactNode } from "react";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { useSite } from "~/lib/use-site";
import type { Booking } from "./bookings.schema";
import { PricedLines } from "./priced-lines";
import { StatusBadge } from "./status-badge";
import { isPriced } from "./visit-summary";
import { useVisitWords } from "./visit-words";
import { buttonClass } from "~/components/ui/button";
import { displayPhone } from "~/lib/phone";

interface Props {
  booking: Booking | null;
  busy: boolean;
  onCancelBooking(): void;
  onClose(): void;
}

/** Every field of one booking, and its cancellation after a confirmation step (native modal dialog). */
export function BookingDetailsDialog({ booking, busy, onCancelBooking, onClose }: Props) {
  const ref = useModalDialog(booking !== null);
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    setConfirming(false);
    onClose();
  };
  const cancelled = booking?.status === "cancelled";
  const { t } = useLingui();
  return (
    <dialog
      ref={ref}
      onClose={close}
      aria-labelledby="booking-details-title"
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {booking && (
        <>
          <div className="flex items-start justify-between gap-3">
            <h2 id="booking-details-title" className="text-lg font-bold text-slate-900">
              <Trans>Booking details</Trans>
            </h2>
            <StatusBadge status={booking.status} />
          </div>
          <BookingFields booking={booking} />
          {confirming ? (
            <div className="mt-6 rounded-lg bg-red-50 p-4">
              <p className="font-semibold text-red-900">
                <Trans>Cancel this booking? The slot goes to someone else.</Trans>
              </p>
              <div className="mt-3 flex gap-3">
                <button
                  type="button"
                  onClick={() => setConfirming(false)}
                  disabled={busy}
                  className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800"
                >
                  <Trans>Keep booking</Trans>
                </button>
                <button
                  type="button"
                  onClick={onCancelBooking}
                  disabled={busy}
                  className={buttonClass({ variant: "danger" })}
                >
                  {busy ? t`Cancelling…` : t`Cancel booking`}
                </button>
              </div>
            </div>
          ) : (
            <div className="mt-6 flex justify-end gap-3">
              <button type="button" onClick={close} className={buttonClass({ variant: "secondary" })}>
                <Trans>Close</Trans>
              </button>
              <button
                type="button"
                onClick={() => setConfirming(true)}
                disabled={cancelled}
                className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:bg-slate-300 disabled:text-slate-700"
              >
                {cancelled ? t`Already cancelled` : t`Cancel booking`}
              </button>
            </div>
          )}
        </>
      )}
    </dialog>
  );
}

/** Every field of a booking as a definition list, for the customer's and the admin's dialogs. */
export function BookingFields({ booking }: { booking: Booking }) {
  // On the business's clock, as every other time of the booking, whatever the reader's own zone.
  const { timeZone } = useSite();
  // In the page's language: a member's Spanish My Bookings opens it too (the desk's is English).
  const { t } = useLingui();
  const words = useVisitWords();
  // A third element: the value needs the dialog's width on a phone (under its term there, beside it from sm up).
  const rows: [string, ReactNode, wide?: boolean][] = [
    [t`Service`, words.service(booking.serviceType)],
    // No "Package: No package" line: the service says the job when there is no package.
    ...(booking.packageName ? ([[t`Package`, booking.packageName]] as [string, string][]) : []),
    [t`Date`, words.day(booking.preferredDate)],
    [t`Time slot`, words.window(booking)],
    [t`Length`, words.lengthAndFinish(booking)],
    [t`Vehicle`, words.vehicle(booking)],
    ...(booking.vehiclePlate ? ([[t`Plate`, booking.vehiclePlate]] as [string, string][]) : []),
    [t`Name`, booking.fullName],
    // Blank for a booking made at the counter without an e-mail, or whose customer was removed.
    [t`Phone`, booking.phone ? displayPhone(booking.phone) : "—"],
    [t`E-mail`, booking.email || "—"],
    [
      t`Price`,
      // The lines as booked: the package or service for the vehicle's class, each add-on, WASH5.
      isPriced(booking) ? (
        <PricedLines lines={booking.lines} total={booking.total} note={words.priceNote(booking)} className="max-w-xs" />
      ) : (
        "—"
      ),
      isPriced(booking),
    ],
    [t`Special instructions`, booking.specialInstructions || "—"],
    [t`Requested`, words.moment(booking.createdAt, timeZone)],
  ];
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([term, value, wide]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-slate-700">{term}</dt>
          <dd className={`min-w-0 break-words text-slate-900 ${wide ? "max-sm:col-span-2" : ""}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
