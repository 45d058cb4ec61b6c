import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useForm, useWatch } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import { followUpSettingsSchema, type FollowUpSettings } from "./follow-ups.schema";
import { oilTypeId } from "./service-record-text";

const MAX_OIL_TYPES = 12;
const settings = followUpSettingsSchema.shape;
/** The API's rules, but a new oil has no id yet: it is made from its name when saved. */
const formSchema = z.object({
  oilTypes: settings.oilTypes.element
    .extend({ id: z.string() })
    .array()
    .min(1, "Keep at least one oil type")
    .max(MAX_OIL_TYPES, `At most ${MAX_OIL_TYPES} oil types`),
  dueReminders: settings.dueReminders,
  dueReminderDaysBefore: settings.dueReminderDaysBefore,
  followUpDaysAfter: settings.followUpDaysAfter,
});
type FormValues = z.input<typeof formSchema>;

const pick = (s: FollowUpSettings): FormValues => ({
  oilTypes: s.oilTypes,
  dueReminders: s.dueReminders,
  dueReminderDaysBefore: s.dueReminderDaysBefore,
  followUpDaysAfter: s.followUpDaysAfter,
});

/** Gives each new oil an id from its name, unlike the others'; an oil saved before keeps its own. */
function withIds(oilTypes: FormValues["oilTypes"]) {
  const taken = oilTypes.map((oil) => oil.id).filter(Boolean);
  return oilTypes.map((oil) => {
    if (oil.id) return oil;
    const id = oilTypeId(oil.name, taken);
    taken.push(id);
    return { ...oil, id };
  });
}

const numberInput = { type: "number", inputMode: "numeric", step: 1 } as const;

/**
 * The oils the shop uses and how long each lasts (months or miles, whichever first), and the due
 * reminders' days (PATCH /api/follow-up-settings). The review requests' settings are not here.
 */
export function FollowUpSettingsForm({ settings: saved }: { settings: FollowUpSettings }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: pick(saved),
    mode: "onTouched",
  });
  const oils = useFieldArray({ control: form.control, name: "oilTypes" });
  const typed = useWatch({ control: form.control, name: "oilTypes" });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Not saved",
    submit: async (values) => {
      const next = await apiFetch<FollowUpSettings>("/api/follow-up-settings", {
        method: "PATCH",
        json: { ...values, oilTypes: withIds(values.oilTypes) },
      });
      form.reset(pick(next));
      void toast({ title: "Saved", description: "Oil types and reminders are saved.", tone: "success" });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="follow-up-settings-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="follow-up-settings-heading" className="text-lg font-bold text-slate-900">
        Oil types and reminders
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        An oil change is due again after the oil's months or miles, whichever comes first. Each oil's price is what it
        adds to the Oil Change's price (the first is the oil the service is priced with). A record keeps the oil's name
        if you remove it later.
      </p>
      <fieldset className="mt-4">
        <legend className="font-semibold text-slate-900">Oil types</legend>
        <ul className="mt-2 space-y-3">
          {oils.fields.map((field, i) => {
            const rowErrors = errors.oilTypes?.[i];
            const name = typed[i]?.name || `oil ${i + 1}`;
            return (
              <li
                key={field.id}
                className="grid grid-cols-2 items-start gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_7rem_7rem_8rem_auto] sm:border-0 sm:p-0"
              >
                <div className="col-span-2 sm:col-span-1">
                  <TextField label="Name" error={rowErrors?.name?.message} {...form.register(`oilTypes.${i}.name`)} />
                </div>
                <TextField
                  label="Months"
                  min={1}
                  max={24}
                  error={rowErrors?.months?.message}
                  {...numberInput}
                  {...form.register(`oilTypes.${i}.months`, { valueAsNumber: true })}
                />
                <TextField
                  label="Adds ($)"
                  type="number"
                  inputMode="decimal"
                  step={0.01}
                  min={0}
                  max={1000}
                  error={rowErrors?.price?.message}
                  {...form.register(`oilTypes.${i}.price`, { valueAsNumber: true })}
                />
                <TextField
                  label="Miles"
                  min={500}
                  max={25_000}
                  error={rowErrors?.miles?.message}
                  {...numberInput}
                  {...form.register(`oilTypes.${i}.miles`, { valueAsNumber: true })}
                />
                <button
                  type="button"
                  onClick={() => oils.remove(i)}
                  disabled={oils.fields.length === 1}
                  className="col-span-2 inline-flex items-center justify-center gap-1.5 self-end rounded-md border border-slate-300 px-3 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50 sm:col-span-1"
                >
                  <Trash2 aria-hidden className="size-4" />
                  Remove<span className="sr-only"> {name}</span>
                </button>
              </li>
            );
          })}
        </ul>
        {errors.oilTypes?.root?.message && (
          <p className="mt-2 text-sm font-medium text-red-700">{errors.oilTypes.root.message}</p>
        )}
        <button
          type="button"
          onClick={() => oils.append({ id: "", name: "", months: 6, miles: 5000, price: 0 })}
          disabled={oils.fields.length >= MAX_OIL_TYPES}
          className={`mt-3 inline-flex items-center gap-1.5 ${buttonClass({ variant: "outline", size: "sm" })}`}
        >
          <Plus aria-hidden className="size-4" />
          Add an oil type
        </button>
      </fieldset>
      <fieldset className="mt-6 border-t border-slate-200 pt-4">
        <legend className="sr-only">Due reminders</legend>
        <label className="flex items-center gap-2 font-semibold text-slate-900">
          <input type="checkbox" className="size-5" {...form.register("dueReminders")} />
          E-mail customers when their oil change is due
        </label>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            label="Reminder, days before the due date"
            min={0}
            max={60}
            hint="One e-mail per due date, with a link to book."
            error={errors.dueReminderDaysBefore?.message}
            {...numberInput}
            {...form.register("dueReminderDaysBefore", { valueAsNumber: true })}
          />
          <TextField
            label="Follow-up, days after the due date"
            min={1}
            max={120}
            hint="One more, only if nothing was booked."
            error={errors.followUpDaysAfter?.message}
            {...numberInput}
            {...form.register("followUpDaysAfter", { valueAsNumber: true })}
          />
        </div>
      </fieldset>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save oil types and reminders
      </SubmitButton>
    </ClientForm>
  );
}
