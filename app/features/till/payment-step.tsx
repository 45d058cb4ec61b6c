import { useState } from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import type { Booking } from "~/features/bookings/bookings.schema";
import { PaymentForm, secondaryAction, type PaymentTaken } from "./payment-form";
import { formatMoney, METHOD_LABELS, type PaymentRequest } from "./till.schema";

/** The visit the step takes payments for, as the desk had it when the step opened. */
export type PaymentVisit = Pick<Booking, "_id" | "fullName" | "total" | "paid" | "balance">;

/** The receipt's page of a visit (the desk prints it there). */
export const receiptPath = (bookingId: string) => `/dashboard/receipt/${bookingId}`;

/**
 * The payment step (issue 46): the visit's total, what is paid and the balance, and one payment
 * after another (split tender) until nothing is owed, then "Paid in full" and the receipt. Skipping
 * leaves the visit collected and owing, which the desk shows until it is paid.
 */
export function PaymentStep({
  visit,
  collected,
  onPaid,
  onClose,
}: {
  visit: PaymentVisit | null;
  /** Opened by "Collected" (its close is "Collect unpaid"), not by the details' "Take payment". */
  collected: boolean;
  /** Told after each payment (the page reloads its data). */
  onPaid(): void;
  onClose(): void;
}) {
  const ref = useModalDialog(visit !== null);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="payment-step-title"
      className="m-auto w-[min(34rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {visit && <PaymentSteps key={visit._id} visit={visit} collected={collected} onPaid={onPaid} onClose={onClose} />}
    </dialog>
  );
}

interface Taken {
  id: string;
  method: PaymentRequest["method"];
  amount: number;
  tip: number;
}

function PaymentSteps({
  visit,
  collected,
  onPaid,
  onClose,
}: {
  visit: PaymentVisit;
  collected: boolean;
  onPaid(): void;
  onClose(): void;
}) {
  const [state, setState] = useState({ paid: visit.paid, balance: visit.balance, taken: [] as Taken[] });
  const settled = state.balance <= 0;
  const figures = [
    ["Total", visit.total ?? 0],
    ["Paid", state.paid],
    ["Balance", state.balance],
  ] as const;
  return (
    <>
      <h2 id="payment-step-title" className="text-lg font-bold text-slate-900">
        Payment: {visit.fullName}
      </h2>
      {collected && <p className="mt-1 text-sm text-slate-700">The car is collected. Take the payment, or skip it.</p>}
      <dl className="mt-4 grid grid-cols-3 gap-2">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <dt className="text-sm font-semibold text-slate-700">{label}</dt>
            <dd className="text-xl font-extrabold text-slate-900 tabular-nums">{formatMoney(value)}</dd>
          </div>
        ))}
      </dl>
      {state.taken.length > 0 && (
        <ul aria-label="Taken now" className="mt-3 space-y-1 text-sm text-slate-800">
          {state.taken.map((t) => (
            <li key={t.id}>
              {METHOD_LABELS[t.method]} {formatMoney(t.amount)}
              {t.tip > 0 && ` + ${formatMoney(t.tip)} tip`}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4">
        {settled ? (
          <>
            <p role="status" className="rounded-lg bg-green-50 p-3 text-lg font-bold text-green-900">
              Paid in full
            </p>
            <div className="mt-4 flex flex-wrap justify-end gap-3">
              <button type="button" onClick={onClose} className={secondaryAction}>
                Done
              </button>
              <Link to={receiptPath(visit._id)} className={buttonClass({ size: "lg" })}>
                Print receipt
              </Link>
            </div>
          </>
        ) : (
          <PaymentForm
            // A fresh form after each payment, its amount the new balance.
            key={state.taken.length}
            bookingId={visit._id}
            balance={state.balance}
            onTaken={(answer: PaymentTaken, request) => {
              setState((s) => ({
                paid: answer.paid,
                balance: answer.balance,
                taken: [
                  ...s.taken,
                  { id: answer.insertedId, method: request.method, amount: request.amount, tip: request.tip ?? 0 },
                ],
              }));
              onPaid();
            }}
          >
            <button type="button" onClick={onClose} className={secondaryAction}>
              {collected && state.taken.length === 0 ? "Skip: collect unpaid" : "Close"}
            </button>
          </PaymentForm>
        )}
      </div>
    </>
  );
}
