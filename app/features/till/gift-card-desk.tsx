import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { DeskSection } from "~/components/desk-section";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { FormFailure } from "~/components/ui/form-failure";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { GiftCardChecked, useGiftCardCheck } from "./gift-card-check";
import { amountField, formatMoney, giftCardSaleSchema, METHOD_LABELS } from "./till.schema";

const SALE_METHODS = ["cash", "card", "other"] as const;

/** The counter's sale form: the card's amount is what is paid, so it is asked once. */
const saleFormSchema = z.object({
  amount: amountField("Amount"),
  email: giftCardSaleSchema.shape.email,
  method: z.enum(SALE_METHODS, { message: "A gift card is paid in cash, by card or other" }),
  reference: z.string().trim().max(60, "The reference can be at most 60 characters"),
});
type SaleValues = z.input<typeof saleFormSchema>;

interface Sold {
  code: string;
  balance: number;
}

/** Sells a gift card at the counter, paid in full, and shows its code once (only its hash is kept). */
function SellGiftCard() {
  const [sold, setSold] = useState<Sold | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<SaleValues, unknown, z.output<typeof saleFormSchema>>({
    resolver: zodResolver(saleFormSchema),
    defaultValues: { email: "", method: "cash", reference: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ amount, email, method, reference }) => {
    setFailure(null);
    try {
      setSold(
        await apiFetch<Sold>("/api/gift-cards", {
          method: "POST",
          json: { amount, email: email || undefined, payment: { method, amount, reference: reference || undefined } },
        }),
      );
      form.reset();
    } catch (error) {
      setFailure(apiErrorMessage(error, "The gift card was not sold. Please try again."));
    }
  });
  if (sold)
    return (
      <div role="status" className="rounded-lg border-2 border-brand-700 bg-brand-50 p-4 text-center">
        <p className="font-semibold text-slate-800">Gift card sold: {formatMoney(sold.balance)}</p>
        <p className="mt-2 font-mono text-3xl font-extrabold tracking-wider break-all text-slate-900">{sold.code}</p>
        <p className="mt-2 text-sm font-semibold text-red-900">
          Write it on the card or hand over the e-mail; it can't be shown again.
        </p>
        <button type="button" onClick={() => setSold(null)} className={`${buttonClass({ size: "sm" })} mt-3`}>
          Done
        </button>
      </div>
    );
  return (
    <ClientForm onSubmit={onSubmit} aria-label="Sell a gift card" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Amount ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          autoComplete="off"
          error={errors.amount?.message}
          {...form.register("amount", { valueAsNumber: true })}
        />
        <TextField
          label="E-mail (optional)"
          type="email"
          autoComplete="off"
          hint="The code is e-mailed there too."
          error={errors.email?.message}
          {...form.register("email")}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Paid by</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {SALE_METHODS.map((m) => (
            <label
              key={m}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 font-semibold text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input type="radio" value={m} className="size-4 accent-brand-700" {...form.register("method")} />
              {METHOD_LABELS[m]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label="Reference (optional)"
        autoComplete="off"
        error={errors.reference?.message}
        {...form.register("reference")}
      />
      <FormFailure message={failure} />
      <SubmitButton busy={isSubmitting} busyLabel="Selling…" className={buttonClass()}>
        Sell gift card
      </SubmitButton>
    </ClientForm>
  );
}

/** A gift card's balance by its code. */
function CheckGiftCard() {
  const [code, setCode] = useState("");
  const { checked, busy, check } = useGiftCardCheck();
  return (
    <ClientForm
      aria-label="Check a gift card"
      onSubmit={(event) => {
        event.preventDefault();
        void check(code);
      }}
      className="space-y-3"
    >
      <TextField
        label="Gift card code"
        autoComplete="off"
        autoCapitalize="characters"
        value={code}
        onChange={(event) => setCode(event.target.value)}
      />
      <button type="submit" disabled={busy} className={buttonClass({ variant: "outline" })}>
        {busy ? "Checking…" : "Check balance"}
      </button>
      <GiftCardChecked checked={checked} />
    </ClientForm>
  );
}

/** Gift cards at the counter (issue 46): sell one, or check what one holds. */
export function GiftCardDesk() {
  return (
    <DeskSection
      id="gift-cards-heading"
      title="Gift cards"
      tasks={[
        { key: "sell", label: "Sell a gift card" },
        { key: "check", label: "Check a gift card" },
      ]}
    >
      {(open) => open && <div className="mt-4 max-w-xl">{open === "sell" ? <SellGiftCard /> : <CheckGiftCard />}</div>}
    </DeskSection>
  );
}
