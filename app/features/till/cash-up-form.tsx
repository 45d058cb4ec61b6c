import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { FormFailure } from "~/components/ui/form-failure";
import { apiErrorMessage, apiFetch } from "~/lib/api-client";
import { differenceText } from "./takings-view";
import { amountField, formatMoney, type CashUp } from "./till.schema";

const countSchema = z.object({ countedCash: amountField("Counted cash", { zero: true }) });
type CountValues = z.input<typeof countSchema>;

/**
 * The drawer's count for a day (managers): sent with the day, answered with what the day's payments
 * say it should hold, and the difference ("Short by $2.00"). A recount is another count.
 */
export function CashUpForm({ date, onCounted }: { date: string; onCounted(): void }) {
  const [counted, setCounted] = useState<CashUp | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CountValues, unknown, z.output<typeof countSchema>>({
    resolver: zodResolver(countSchema),
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ countedCash }) => {
    setFailure(null);
    try {
      setCounted(await apiFetch<CashUp>("/api/cash-ups", { method: "POST", json: { date, countedCash } }));
      onCounted();
    } catch (error) {
      setFailure(apiErrorMessage(error, "The count was not saved. Please try again."));
    }
  });
  return (
    <div className="mt-3 grid gap-4 md:grid-cols-2">
      <ClientForm onSubmit={onSubmit} aria-label="Counted cash" className="flex flex-wrap items-start gap-3">
        <div className="w-48">
          <TextField
            label="Counted cash ($)"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            autoComplete="off"
            error={errors.countedCash?.message}
            {...form.register("countedCash", { valueAsNumber: true })}
          />
        </div>
        <SubmitButton busy={isSubmitting} busyLabel="Saving…" className={`${buttonClass({ size: "lg" })} mt-6`}>
          Save count
        </SubmitButton>
        <FormFailure message={failure} className="basis-full" />
      </ClientForm>
      {counted && (
        <section
          aria-label="The count"
          className={`rounded-xl border p-4 ${counted.difference < 0 ? "border-red-300 bg-red-50" : "border-green-300 bg-green-50"}`}
        >
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1">
            <dt className="font-semibold text-slate-700">Expected</dt>
            <dd className="tabular-nums">{formatMoney(counted.expectedCash)}</dd>
            <dt className="font-semibold text-slate-700">Counted</dt>
            <dd className="tabular-nums">{formatMoney(counted.countedCash)}</dd>
          </dl>
          <p className="mt-2 text-xl font-bold text-slate-900">{differenceText(counted.difference)}</p>
        </section>
      )}
    </div>
  );
}
