import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { FormFailure } from "~/components/ui/form-failure";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";
import { GiftCardCheck } from "./gift-card-check";
import {
  formatMoney,
  METHOD_LABELS,
  PAYMENT_METHODS,
  paymentRequestSchema,
  type PaymentRequest,
  type PaymentMethod,
} from "./till.schema";

type FormValues = z.input<typeof paymentRequestSchema>;

/** What POST /api/bookings/{id}/payments answers: the visit's paid and balance after the payment. */
export interface PaymentTaken {
  insertedId: string;
  paid: number;
  balance: number;
}

const REFERENCE_LABELS: Record<PaymentMethod, string> = {
  cash: "Reference (optional)",
  card: "Terminal reference (optional)",
  "gift-card": "Gift card code",
  other: "Reference (optional)",
};

/** An empty money field is no tip, not "not a number". */
const optionalNumber = (value: unknown) => (value === "" || value == null ? undefined : Number(value));

/**
 * One payment towards a visit: how it was paid, the amount (the balance to start with), a tip on top
 * and the terminal's reference or the gift card's code. The server's refusal (more than the balance,
 * too little on the card) is said under the fields, with the figures it gives.
 */
export function PaymentForm({
  bookingId,
  balance,
  onTaken,
  children,
}: {
  bookingId: string;
  balance: number;
  onTaken(taken: PaymentTaken, request: PaymentRequest): void;
  /** More buttons beside "Take payment" (the step's Skip). */
  children?: ReactNode;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormValues, unknown, PaymentRequest>({
    resolver: zodResolver(paymentRequestSchema),
    defaultValues: { method: "card", amount: balance, reference: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const method = useWatch({ control: form.control, name: "method" }) ?? "card";
  const code = useWatch({ control: form.control, name: "reference" }) ?? "";
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const taken = await apiFetch<PaymentTaken>(`/api/bookings/${bookingId}/payments`, {
        method: "POST",
        json: { ...values, reference: values.reference || undefined },
      });
      onTaken(taken, values);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : undefined;
      for (const [field, message] of Object.entries(fields ?? {}))
        if (field in form.getValues()) form.setError(field as Path<FormValues>, { message });
      setFailure(apiErrorMessage(error, "The payment was not taken. Please try again."));
    }
  });
  return (
    <ClientForm onSubmit={onSubmit} aria-label="Take a payment" className="space-y-3">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Paid by</legend>
        <div className="mt-1 grid grid-cols-2 gap-2 sm:grid-cols-4">
          {PAYMENT_METHODS.map((m) => (
            <label
              key={m}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2.5 font-semibold text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input type="radio" value={m} className="size-4 accent-brand-700" {...form.register("method")} />
              {METHOD_LABELS[m]}
            </label>
          ))}
        </div>
        {errors.method && <p className="mt-1 text-sm font-medium text-red-700">{errors.method.message}</p>}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Amount ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          autoComplete="off"
          hint={`Balance ${formatMoney(balance)}`}
          error={errors.amount?.message}
          {...form.register("amount", { valueAsNumber: true })}
        />
        <TextField
          label="Tip ($, optional)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          autoComplete="off"
          error={errors.tip?.message}
          {...form.register("tip", { setValueAs: optionalNumber })}
        />
      </div>
      <TextField
        label={REFERENCE_LABELS[method]}
        autoComplete="off"
        autoCapitalize={method === "gift-card" ? "characters" : undefined}
        error={errors.reference?.message}
        {...form.register("reference")}
      />
      {method === "gift-card" && <GiftCardCheck code={code} />}
      <FormFailure message={failure} />
      <div className="flex flex-wrap justify-end gap-3 pt-1">
        {children}
        <SubmitButton busy={isSubmitting} busyLabel="Taking…" className={buttonClass({ size: "lg" })}>
          Take payment
        </SubmitButton>
      </div>
    </ClientForm>
  );
}

/** A button beside the form's own: the step's "Skip" or "Close". */
export const secondaryAction = buttonClass({ variant: "secondary", size: "lg" });
