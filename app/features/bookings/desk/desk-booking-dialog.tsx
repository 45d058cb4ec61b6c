import type { ReactNode } from "react";
import { BookingEditDialog } from "./booking-edit-dialog";
import type { Booking } from "../bookings.schema";
import { CustomerHistory } from "./customer-history";
import type { DeskActions } from "./use-desk-actions";
import type { useBookingEdit } from "./use-booking-edit";
import { VisitStageControl } from "./visit-stage-control";

/**
 * A booking as the counter opens it, wherever it is listed: its fields and status to change, the way
 * to the move dialog, the visit's stage, the customer's history and what the route adds (its service
 * record, the messages sent about it).
 */
export function DeskBookingDialog({
  edit,
  actions,
  onMove,
  current,
  more,
}: {
  edit: ReturnType<typeof useBookingEdit>;
  actions: DeskActions;
  onMove(booking: Booking): void;
  /** The booking as the page's data has it now (the stage may have changed since it was opened). */
  current?: (booking: Booking) => Booking;
  /** What the route adds from other features: the service record, the messages sent about the booking. */
  more?: (booking: Booking) => ReactNode;
}) {
  return (
    <BookingEditDialog
      booking={edit.open}
      busy={edit.busy}
      error={edit.error}
      onSave={edit.save}
      onMove={onMove}
      onClose={edit.close}
      more={(opened) => {
        const booking = current?.(opened) ?? opened;
        return (
          <>
            <VisitStageControl booking={booking} actions={actions} />
            <CustomerHistory booking={booking} />
            {more?.(booking)}
          </>
        );
      }}
    />
  );
}
