import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { FormFailure } from "~/components/ui/form-failure";
import { useToast } from "~/components/ui/toast";
import type { Booking } from "~/features/bookings/bookings.schema";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { useSite } from "~/lib/use-site";
import { useCan } from "~/lib/use-can";
import { receiptPath } from "./payment-step";
import { paymentLabel } from "./receipt";
import { formatMoney, refundRequestSchema, type Payment, type RefundRequest } from "./till.schema";

const paymentsUrl = (bookingId: string) => `/api/bookings/${bookingId}/payments`;

const timeOf = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-US", {
    timeZone,
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/**
 * A visit's payments in the desk's booking dialog (issue 46): each with its method, amount, tip,
 * who took it and when, and its refunds; "Take payment" while a balance is owed (the till's staff),
 * "Refund" on each payment for managers. The server refuses what a role may not do; this hides it.
 */
export function VisitPayments({
  booking,
  onTakePayment,
  onRefunded,
}: {
  booking: Booking;
  onTakePayment(booking: Booking): void;
  onRefunded(): void;
}) {
  const mayTake = useCan("till");
  const mayRefund = useCan("refunds");
  const { timeZone } = useSite();
  const [payments, setPayments] = useState<Payment[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [refunding, setRefunding] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  useEffect(() => {
    if (!mayTake) return;
    const abort = new AbortController();
    apiFetch<Payment[]>(paymentsUrl(booking._id), { signal: abort.signal })
      .then(setPayments)
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [booking._id, mayTake, loads]);
  if (!mayTake) return null;

  const headingId = `payments-${booking._id}`;
  const owes = booking.status !== "cancelled" && booking.balance > 0;
  return (
    <section aria-labelledby={headingId} className="mt-5 border-t border-slate-200 pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="font-bold text-slate-900">
          Payments
        </h3>
        {owes && (
          <button type="button" onClick={() => onTakePayment(booking)} className={buttonClass({ size: "sm" })}>
            Take payment
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-800">
        Paid {formatMoney(booking.paid)} of {formatMoney(booking.total ?? 0)}
        {booking.refunded > 0 && ` · refunded ${formatMoney(booking.refunded)}`}
        {" · "}
        <strong>{owes ? `Owes ${formatMoney(booking.balance)}` : "Nothing owed"}</strong>
      </p>
      {failed ? (
        <p className="mt-2 text-sm text-red-800">The payments could not be loaded.</p>
      ) : payments === null ? (
        <p className="mt-2 text-sm text-slate-600">Loading the payments…</p>
      ) : payments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No payment taken yet.</p>
      ) : (
        <>
          <ul className="mt-2 space-y-2" aria-label="Payments taken">
            {payments.map((p) => {
              const left = Math.round((p.amount - p.refunded) * 100) / 100;
              return (
                <li key={p._id} className="rounded-md border border-slate-200 p-2 text-sm">
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <span className="font-semibold text-slate-900">
                      {paymentLabel(p)} {formatMoney(p.amount)}
                      {p.tip > 0 && ` + ${formatMoney(p.tip)} tip`}
                    </span>
                    {mayRefund && left > 0 && refunding !== p._id && (
                      <button
                        type="button"
                        onClick={() => setRefunding(p._id)}
                        className="rounded-md border border-red-300 px-2 py-1 text-xs font-semibold text-red-800 hover:bg-red-50"
                      >
                        Refund<span className="sr-only"> {`${paymentLabel(p)} ${formatMoney(p.amount)}`}</span>
                      </button>
                    )}
                  </div>
                  <p className="text-xs text-slate-600">
                    {p.takenBy} · {timeOf(p.createdAt, timeZone)}
                  </p>
                  {p.refunds.map((r) => (
                    <p key={r._id} className="mt-1 text-xs text-red-900">
                      Refunded {formatMoney(r.amount)}: {r.reason} ({r.refundedBy}, {timeOf(r.createdAt, timeZone)})
                    </p>
                  ))}
                  {refunding === p._id && (
                    <RefundForm
                      payment={p}
                      left={left}
                      onDone={() => {
                        setRefunding(null);
                        setLoads((n) => n + 1);
                        onRefunded();
                      }}
                      onCancel={() => setRefunding(null)}
                    />
                  )}
                </li>
              );
            })}
          </ul>
          {!owes && booking.paid > 0 && (
            <Link
              to={receiptPath(booking._id)}
              className="mt-2 inline-block text-sm font-semibold text-brand-800 underline"
            >
              Print receipt
            </Link>
          )}
        </>
      )}
    </section>
  );
}

type RefundValues = z.input<typeof refundRequestSchema>;

/** Part or all of one payment given back, with why (managers). */
function RefundForm({
  payment,
  left,
  onDone,
  onCancel,
}: {
  payment: Payment;
  left: number;
  onDone(): void;
  onCancel(): void;
}) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<RefundValues, unknown, RefundRequest>({
    resolver: zodResolver(refundRequestSchema),
    defaultValues: { amount: left, reason: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch(`/api/payments/${payment._id}/refund`, { method: "POST", json: values });
      void toast({ title: "Refunded", description: `${formatMoney(values.amount)} given back.`, tone: "success" });
      onDone();
    } catch (error) {
      setFailure(apiErrorMessage(error, "The refund was not made. Please try again."));
    }
  });
  return (
    <ClientForm onSubmit={onSubmit} aria-label="Refund" className="mt-2 space-y-2 rounded-md bg-red-50 p-2">
      <div className="grid gap-2 sm:grid-cols-[8rem_1fr]">
        <TextField
          label="Refund ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          hint={`At most ${formatMoney(left)}`}
          error={errors.amount?.message}
          {...form.register("amount", { valueAsNumber: true })}
        />
        <TextField label="Reason" autoComplete="off" error={errors.reason?.message} {...form.register("reason")} />
      </div>
      <FormFailure message={failure} />
      <div className="flex justify-end gap-2">
        <button type="button" onClick={onCancel} className={buttonClass({ variant: "secondary", size: "sm" })}>
          Cancel
        </button>
        <SubmitButton
          busy={isSubmitting}
          busyLabel="Refunding…"
          className={buttonClass({ variant: "danger", size: "sm" })}
        >
          Give refund
        </SubmitButton>
      </div>
    </ClientForm>
  );
}
