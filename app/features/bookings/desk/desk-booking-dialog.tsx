import type { ReactNode } from "react";
import { BookingAdminDialog } from "./booking-edit-dialog";
import type { Booking } from "../bookings.schema";
import { CustomerHistory } from "./customer-history";
import type { DeskActions } from "./use-desk-actions";
import type { useBookingAdmin } from "./use-booking-edit";
import { VisitStageControl } from "./visit-stage-control";

/**
 * A booking as the counter opens it, wherever it is listed: its fields, status and slot to change,
 * the visit's stage, the customer's history and the messages sent about it.
 */
export function AdminBookingDialog({
  admin,
  actions,
  current,
  messages,
}: {
  admin: ReturnType<typeof useBookingAdmin>;
  actions: DeskActions;
  /** The booking as the page's data has it now (the stage may have changed since it was opened). */
  current?: (booking: Booking) => Booking;
  /** The messages sent about the booking (the outbox feature's, which the route passes in). */
  messages?: (booking: Booking) => ReactNode;
}) {
  return (
    <BookingAdminDialog
      booking={admin.open}
      busy={admin.busy}
      error={admin.error}
      onSave={admin.save}
      onClose={admin.close}
      more={(opened) => {
        const booking = current?.(opened) ?? opened;
        return (
          <>
            <VisitStageControl booking={booking} actions={actions} />
            <CustomerHistory booking={booking} />
            {messages?.(booking)}
          </>
        );
      }}
    />
  );
}
