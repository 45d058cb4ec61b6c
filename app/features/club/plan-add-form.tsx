import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { SelectField, TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useToast } from "~/components/ui/toast";
import { SERVICE_TYPES } from "~/features/catalogue/catalogue.schema";
import { apiFetch } from "~/lib/api-client";
import { PER_DAY_MAX, planInputSchema, type MembershipPlan } from "./club.schema";

type Input = z.input<typeof planInputSchema>;
type Output = z.output<typeof planInputSchema>;

const choice =
  "flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 font-semibold text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50";

/** A manager adds a Wash Club plan: unlimited (a month or a year, visits a day) or a pack of washes. */
export function PlanAddForm() {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(planInputSchema),
    // The period's or the pack's fields leave the values when hidden: the body is strict.
    shouldUnregister: true,
    defaultValues: { name: "", kind: "unlimited", period: "month", covers: [], perDay: 1 },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const kind = useWatch({ control: form.control, name: "kind" });
  const onSubmit = useApiSubmit(form, {
    submit: async (values) => {
      const plan = await apiFetch<MembershipPlan>("/api/membership-plans", { method: "POST", json: values });
      form.reset();
      void toast({ title: "Plan added", description: `${plan.name} is on sale at the counter.`, tone: "success" });
      await revalidator.revalidate();
    },
    failure: "The plan was not added",
  });
  return (
    <ClientForm onSubmit={onSubmit} aria-label="Add a plan" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register("name")} />
        <TextField
          label="Price ($)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          error={errors.price?.message}
          {...form.register("price", { valueAsNumber: true })}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">Kind</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          <label className={choice}>
            <input type="radio" value="unlimited" className="size-4 accent-brand-700" {...form.register("kind")} />
            Unlimited
          </label>
          <label className={choice}>
            <input type="radio" value="pack" className="size-4 accent-brand-700" {...form.register("kind")} />
            Pack of washes
          </label>
        </div>
      </fieldset>
      {kind === "unlimited" ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Period"
            options={[
              { value: "month", label: "A month" },
              { value: "year", label: "A year" },
            ]}
            error={errors.period?.message}
            {...form.register("period")}
          />
          <SelectField
            label="Covered visits a day"
            options={Array.from({ length: PER_DAY_MAX }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
            error={errors.perDay?.message}
            {...form.register("perDay", { valueAsNumber: true })}
          />
        </div>
      ) : (
        <TextField
          label="Washes"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          error={errors.washes?.message}
          {...form.register("washes", { valueAsNumber: true })}
        />
      )}
      <fieldset aria-describedby={errors.covers ? "covers-error" : undefined}>
        <legend className="text-sm font-semibold text-slate-800">Covers</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {SERVICE_TYPES.map((service) => (
            <label key={service} className={choice}>
              <input type="checkbox" value={service} className="size-4 accent-brand-700" {...form.register("covers")} />
              {service}
            </label>
          ))}
        </div>
        {errors.covers && (
          <p id="covers-error" className="mt-1 text-sm text-red-700">
            {errors.covers.message}
          </p>
        )}
      </fieldset>
      <SubmitButton busy={isSubmitting} busyLabel="Adding…" className={buttonClass()}>
        Add plan
      </SubmitButton>
    </ClientForm>
  );
}
