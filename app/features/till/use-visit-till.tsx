import { useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";
import type { Booking } from "~/features/bookings/bookings.schema";
import { PaymentStep } from "./payment-step";
import { VisitPayments } from "./visit-payments";

/** What a page hands the desk from other features (useDesk's extras), as the till adds to them. */
interface DeskExtras {
  more?: (booking: Booking) => ReactNode;
  onStageSet?: (booking: Booking, stage: Booking["visitStage"]) => void;
}

/**
 * The till's part of the counter (issue 46): "Collected" opens the payment step for a visit that
 * owes, and the booking dialog lists the visit's payments. Hand `desk(…)` the extras the page gives
 * useDesk (the service record's), and render `dialogs` beside the desk's. What the extras do on
 * "Collected" (the oil change's prompt) follows once the payment step is closed, one dialog at a time.
 */
export function useVisitTill() {
  const revalidator = useRevalidator();
  const [step, setStep] = useState<{ booking: Booking; collected: boolean; after?: () => void } | null>(null);
  // Bumped on every payment, so an open dialog's list shows it.
  const [payments, setPayments] = useState(0);
  const close = () => {
    const after = step?.after;
    setStep(null);
    after?.();
  };
  return {
    desk: (base: DeskExtras = {}): DeskExtras => ({
      more: (booking) => (
        <>
          <VisitPayments
            key={`${booking._id}-${payments}`}
            booking={booking}
            onTakePayment={(b) => setStep({ booking: b, collected: false })}
            onRefunded={() => void revalidator.revalidate()}
          />
          {base.more?.(booking)}
        </>
      ),
      onStageSet: (booking, stage) => {
        const after = () => base.onStageSet?.(booking, stage);
        if (stage === "collected" && booking.status !== "cancelled" && booking.balance > 0)
          setStep({ booking, collected: true, after });
        else after();
      },
    }),
    dialogs: (
      <PaymentStep
        visit={step?.booking ?? null}
        collected={step?.collected ?? false}
        onPaid={() => {
          setPayments((n) => n + 1);
          void revalidator.revalidate();
        }}
        onClose={close}
      />
    ),
  };
}
