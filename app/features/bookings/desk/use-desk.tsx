import { useState, type ReactNode } from "react";
import { AdminBookingDialog } from "./desk-booking-dialog";
import type { Booking } from "../bookings.schema";
import { MoveBookingDialog } from "./move-booking-dialog";
import { useBookingAdmin } from "./use-booking-edit";
import { useDeskActions } from "./use-desk-actions";

/**
 * What a page that runs the day needs: the one-tap actions, and the details and move dialogs that
 * any list or board on it opens. `shown`: the bookings the page's data has now, so an open dialog
 * follows a change made from it; `messages`: what the details show of the booking's e-mails.
 */
export function useDesk(shown: Booking[], messages?: (booking: Booking) => ReactNode) {
  const actions = useDeskActions();
  const admin = useBookingAdmin();
  const [moving, setMoving] = useState<Booking | null>(null);
  const byId = new Map(shown.map((b) => [b._id, b]));
  const dialogs = (
    <>
      <AdminBookingDialog admin={admin} actions={actions} current={(b) => byId.get(b._id) ?? b} messages={messages} />
      <MoveBookingDialog booking={moving} onClose={() => setMoving(null)} />
    </>
  );
  return { actions, open: admin.ask, move: setMoving, dialogs };
}
