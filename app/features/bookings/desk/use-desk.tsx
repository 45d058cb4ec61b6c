import { useState, type ReactNode } from "react";
import { DeskBookingDialog } from "./desk-booking-dialog";
import type { Booking } from "../bookings.schema";
import { MoveBookingDialog } from "./move-booking-dialog";
import { useBookingEdit } from "./use-booking-edit";
import { useDeskActions } from "./use-desk-actions";
import type { VisitStage } from "../visit-stages";

/** What a route adds to the desk from other features (the desk reaches them only through the route). */
export interface DeskExtras {
  /** What the details show under the visit (the booking's service record, its e-mails). */
  more?: (booking: Booking) => ReactNode;
  /** Told once a stage is set (the oil change's prompt on Collected). */
  onStageSet?: (booking: Booking, stage: VisitStage | null) => void;
}

/**
 * What a page that runs the day needs: the one-tap actions, and the details and move dialogs that
 * any list or board on it opens. `shown`: the bookings the page's data has now, so an open dialog
 * follows a change made from it.
 */
export function useDesk(shown: Booking[], { more, onStageSet }: DeskExtras = {}) {
  const actions = useDeskActions({ onStageSet });
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
        more={more}
      />
      <MoveBookingDialog booking={moving} onClose={() => setMoving(null)} />
    </>
  );
  return { actions, open: edit.ask, move: setMoving, dialogs };
}
