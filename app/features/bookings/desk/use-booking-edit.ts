import { useState } from "react";
import { useApiAction } from "~/components/ui/use-api-action";
import { apiFetch } from "~/lib/api-client";
import type { Booking, BookingStatus } from "../bookings.schema";
import { friendlyDate } from "../visit-text";

/** What the booking dialog saves: the status (a move goes through the move dialog). */
export interface StatusChange {
  status: BookingStatus;
}

/** The toast's title once a status is saved: the new status, in so many words. */
const STATUS_SAVED: Record<BookingStatus, string> = {
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  pending: "Marked pending",
};

/**
 * The admin's booking dialog: which booking is open, and saving its status. Success is a toast
 * naming the new status ("Cancelled: Ben Carter's booking on Mon, Nov 30…"); a refusal ('Update
 * failed' with the server's reason) shows inside the dialog, since a toast would sit behind the
 * modal's backdrop.
 */
export function useBookingEdit() {
  const [open, setOpen] = useState<Booking | null>(null);
  const { busy, error, setError, run } = useApiAction();

  const ask = (booking: Booking) => {
    setError(null);
    setOpen(booking);
  };
  const close = () => !busy && setOpen(null);

  async function save(change: StatusChange) {
    const booking = open;
    // Records imported from elsewhere could lack an id: say so rather than send a request that cannot work.
    if (!booking?._id) return setError("Missing booking id");
    await run(async () => {
      await apiFetch(`/api/bookings/${booking._id}`, { method: "PATCH", json: change });
      setOpen(null);
      // Every change of status e-mails the customer (booking-notices.server.ts), when they gave an address.
      const told = booking.email ? "; they have been e-mailed" : "";
      return {
        title: STATUS_SAVED[change.status],
        description: `${booking.fullName}'s booking on ${friendlyDate(booking.preferredDate)}${told}.`,
      };
    });
  }

  return { open, busy, error, ask, close, save };
}
