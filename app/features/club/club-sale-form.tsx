import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { SelectField, TextField } from "~/components/ui/form-field";
import { FormFailure } from "~/components/ui/form-failure";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { dateWithYear } from "~/lib/day-text";
import { formatMoney } from "~/features/till/till.schema";
import { membershipSaleSchema, type MembershipPlan } from "./club.schema";
import { planPriceText } from "./plan-price-text";
import { PaidByChoice, SALE_METHODS } from "./paid-by-choice";

/** The counter's sale form: the amount is the plan's price, shown, never typed. */
const saleFormSchema = z.object({
  planId: membershipSaleSchema.shape.planId,
  name: membershipSaleSchema.shape.name,
  email: membershipSaleSchema.shape.email,
  phone: z
    .string()
    .trim()
    .max(30, "Enter a valid phone number")
    .regex(/^([\d+\-\s()]{7,})?$/, "Enter a valid phone number"),
  plate: z.string().trim().max(12, "At most 12 characters"),
  method: z.enum(SALE_METHODS, { message: "A membership is paid in cash, by card or other" }),
});
type SaleValues = z.input<typeof saleFormSchema>;

interface Sold {
  number: string;
  validUntil: string;
  washesLeft: number | null;
  name: string;
  plan: string;
}

/** Sells a Wash Club membership at the counter, paid in full, and shows the member's card number. */
export function ClubSaleForm({ plans }: { plans: readonly MembershipPlan[] }) {
  const [sold, setSold] = useState<Sold | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SaleValues, unknown, z.output<typeof saleFormSchema>>({
    resolver: zodResolver(saleFormSchema),
    defaultValues: { planId: "", name: "", email: "", phone: "", plate: "", method: "card" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const planId = useWatch({ control: form.control, name: "planId" });
  const plan = plans.find((p) => p._id === planId);
  const onSubmit = form.handleSubmit(async ({ planId, name, email, phone, plate, method }) => {
    setFailure(null);
    const chosen = plans.find((p) => p._id === planId);
    if (!chosen) return;
    try {
      const answer = await apiFetch<Omit<Sold, "name" | "plan">>("/api/memberships", {
        method: "POST",
        json: {
          planId,
          name,
          email,
          ...(phone && { phone }),
          ...(plate && { plate }),
          payment: { method, amount: chosen.price },
        },
      });
      setSold({ ...answer, name, plan: chosen.name });
      form.reset();
    } catch (error) {
      setFailure(apiErrorMessage(error, "The membership was not sold. Please try again."));
    }
  });
  if (sold)
    return (
      <div role="status" className="rounded-lg border-2 border-brand-700 bg-brand-50 p-4 text-center">
        <p className="font-semibold text-slate-800">
          {sold.plan} sold to {sold.name}
        </p>
        <p className="mt-2 text-sm text-slate-700">Card number</p>
        <p className="font-mono text-3xl font-extrabold tracking-wider break-all text-slate-900">{sold.number}</p>
        <p className="mt-2 text-slate-800">
          Valid until <span className="font-semibold">{dateWithYear(sold.validUntil)}</span>
          {sold.washesLeft !== null && ` · ${sold.washesLeft} washes`}
        </p>
        <p className="mt-1 text-sm text-slate-700">The card, with its QR code, is e-mailed to the member.</p>
        <button type="button" onClick={() => setSold(null)} className={`${buttonClass({ size: "sm" })} mt-3`}>
          Done
        </button>
      </div>
    );
  if (plans.length === 0) return <p className="text-slate-700">No Wash Club plan is on sale.</p>;
  return (
    <ClientForm onSubmit={onSubmit} aria-label="Sell a Wash Club membership" className="space-y-3">
      <SelectField
        label="Plan"
        placeholder="Choose a plan"
        options={plans.map((p) => ({ value: p._id, label: `${p.name}: ${planPriceText(p)}` }))}
        error={errors.planId?.message}
        {...form.register("planId")}
      />
      {plan && (
        <p className="text-sm text-slate-800">
          To pay: <span className="font-bold tabular-nums">{formatMoney(plan.price)}</span>
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Full name" autoComplete="off" error={errors.name?.message} {...form.register("name")} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          hint="The card is e-mailed there; a member signs in with it to see their card."
          error={errors.email?.message}
          {...form.register("email")}
        />
        <TextField
          label="Phone (optional)"
          type="tel"
          autoComplete="off"
          error={errors.phone?.message}
          {...form.register("phone")}
        />
        <TextField
          label="Plate (optional)"
          autoComplete="off"
          autoCapitalize="characters"
          error={errors.plate?.message}
          {...form.register("plate")}
        />
      </div>
      <PaidByChoice register={form.register("method")} />
      <FormFailure message={failure} />
      <SubmitButton busy={isSubmitting} busyLabel="Selling…" className={buttonClass()}>
        Sell membership
      </SubmitButton>
    </ClientForm>
  );
}
