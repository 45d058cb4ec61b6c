import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import type { Booking, BookingStatus } from "./bookings.schema";

/**
 * The admin's booking dialog behind Manage Bookings and the Today view: which booking is open,
 * and saving its status and slot ('Updated'; 'Update failed' with the server's reason).
 */
export function useBookingAdmin() {
  const action = useConfirmedAction<Booking>({ failureTitle: "Update failed" });
  const toast = useToast();

  const save = (change: { status: BookingStatus; preferredTimeSlot: string }) => {
    // Records imported from elsewhere could lack an id: say so rather than send a request that cannot work.
    if (!action.pending?._id)
      return void toast({ title: "Update failed", description: "Missing booking id", tone: "error" });
    return action.run(async (booking) => {
      await apiFetch(`/api/bookings/${booking._id}`, { method: "PATCH", json: change });
      return { title: "Updated", description: `${booking.fullName}'s booking on ${booking.preferredDate} was saved.` };
    });
  };

  return { open: action.pending, busy: action.busy, ask: action.ask, close: action.cancel, save };
}
