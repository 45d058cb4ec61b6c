import { useState, type ReactNode } from "react";
import { DeskBookingDialog } from "./desk-booking-dialog";
import type { Booking } from "../bookings.schema";
import { MoveBookingDialog } from "./move-booking-dialog";
import { useBookingEdit } from "./use-booking-edit";
import { useDeskActions } from "./use-desk-actions";

/**
 * What a page that runs the day needs: the one-tap actions, and the details and move dialogs that
 * any list or board on it opens. `shown`: the bookings the page's data has now, so an open dialog
 * follows a change made from it; `messages`: what the details show of the booking's e-mails.
 */
export function useDesk(shown: Booking[], messages?: (booking: Booking) => ReactNode) {
  const actions = useDeskActions();
  const edit = useBookingEdit();
  const [moving, setMoving] = useState<Booking | null>(null);
  const byId = new Map(shown.map((b) => [b._id, b]));
  const dialogs = (
    <>
      <DeskBookingDialog
        edit={edit}
        actions={actions}
        // One way to move a booking, from the details too: the move dialog, which shows each slot's places.
        onMove={(booking) => {
          edit.close();
          setMoving(booking);
        }}
        current={(b) => byId.get(b._id) ?? b}
        messages={messages}
      />
      <MoveBookingDialog booking={moving} onClose={() => setMoving(null)} />
    </>
  );
  return { actions, open: edit.ask, move: setMoving, dialogs };
}
