import { zodResolver } from "@hookform/resolvers/zod";
import { useFieldArray, useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import {
  MAX_DAYS_AHEAD,
  MAX_LEAD_MINUTES,
  MAX_WINDOWS,
  shopHoursChangeSchema,
  WEEK_ORDER,
  WEEKDAYS,
  type ShopHours,
} from "../shop-hours";
import type { BookingSettings } from "./booking-settings.schema";

type FormValues = z.input<typeof shopHoursChangeSchema>;

const pick = (s: ShopHours): ShopHours => ({
  openingHours: s.openingHours,
  arrivalWindows: s.arrivalWindows,
  leadMinutes: s.leadMinutes,
  daysAhead: s.daysAhead,
});

/**
 * Opening hours per weekday, the arrival windows customers choose from, how soon before a window
 * and how far ahead they can book (PATCH /api/booking-settings, all four together). The booking
 * forms, the board and the public pages follow a save at once (decision 028).
 */
export function ShopHoursForm({ settings }: { settings: ShopHours }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<FormValues, unknown, z.output<typeof shopHoursChangeSchema>>({
    resolver: zodResolver(shopHoursChangeSchema),
    defaultValues: pick(settings),
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const windows = useFieldArray({ control: form.control, name: "arrivalWindows" });

  const onSubmit = useApiSubmit(form, {
    failure: "Update failed",
    submit: async (values) => {
      const saved = await apiFetch<BookingSettings>("/api/booking-settings", { method: "PATCH", json: values });
      form.reset(pick(saved));
      void toast({ title: "Saved", description: "Opening hours and arrival windows updated.", tone: "success" });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="hours-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="hours-heading" className="text-lg font-bold text-slate-900">
        Opening hours and arrival windows
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        A window is offered only to a service that is done by closing when the car arrives by the window&apos;s end;
        customers see the time they must arrive in.
      </p>

      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-800">Opening hours</legend>
        <ul className="mt-2 grid gap-3">
          {WEEK_ORDER.map((day) => {
            const name = WEEKDAYS[day];
            const dayErrors = errors.openingHours?.[day];
            return (
              <li
                key={day}
                className="grid grid-cols-2 items-start gap-x-3 gap-y-1 *:min-w-0 sm:grid-cols-[7.5rem_1fr_1fr]"
              >
                {/* On a phone the day and its checkbox take a row of their own above its two times. */}
                <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800 sm:col-span-1 sm:pt-6">
                  <input type="checkbox" className="size-5" {...form.register(`openingHours.${day}.open`)} />
                  {name}
                </label>
                <TextField
                  label={`${name} opens`}
                  type="time"
                  error={dayErrors?.opens?.message}
                  {...form.register(`openingHours.${day}.opens`)}
                />
                <TextField
                  label={`${name} closes`}
                  type="time"
                  error={dayErrors?.closes?.message}
                  {...form.register(`openingHours.${day}.closes`)}
                />
              </li>
            );
          })}
        </ul>
        {errors.openingHours?.message && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.openingHours.message}
          </p>
        )}
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold text-slate-800">Arrival windows</legend>
        <ol className="mt-2 grid gap-3">
          {windows.fields.map((field, i) => (
            <li key={field.id} className="grid grid-cols-2 items-start gap-3 *:min-w-0 sm:grid-cols-[1fr_1fr_auto]">
              <TextField
                label={`Window ${i + 1} from`}
                type="time"
                error={errors.arrivalWindows?.[i]?.start?.message}
                {...form.register(`arrivalWindows.${i}.start`)}
              />
              <TextField
                label={`Window ${i + 1} to`}
                type="time"
                error={errors.arrivalWindows?.[i]?.end?.message}
                {...form.register(`arrivalWindows.${i}.end`)}
              />
              <button
                type="button"
                className={`col-span-2 justify-self-start sm:col-span-1 sm:mt-6 ${buttonClass({ variant: "secondary" })}`}
                disabled={windows.fields.length <= 1}
                onClick={() => windows.remove(i)}
                aria-label={`Remove window ${i + 1}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ol>
        {errors.arrivalWindows?.message && (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700">
            {errors.arrivalWindows.message}
          </p>
        )}
        <button
          type="button"
          className={`mt-3 ${buttonClass({ variant: "secondary" })}`}
          disabled={windows.fields.length >= MAX_WINDOWS}
          onClick={() => {
            const last = form.getValues("arrivalWindows").at(-1);
            windows.append({ start: last?.end ?? "09:00", end: last?.end ?? "11:00" });
          }}
        >
          Add a window
        </button>
        <p className="mt-1 text-sm text-slate-600">
          &ldquo;Anytime&rdquo; is always offered too. Bookings already made keep their window.
        </p>
      </fieldset>

      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <TextField
          label="Book at least (minutes before a window starts)"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_LEAD_MINUTES}
          hint="0 lets customers book a window until it starts."
          error={errors.leadMinutes?.message}
          {...form.register("leadMinutes")}
        />
        <TextField
          label="Book up to (days ahead)"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_DAYS_AHEAD}
          hint="Staff can still book any date for a caller."
          error={errors.daysAhead?.message}
          {...form.register("daysAhead")}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save hours
      </SubmitButton>
    </ClientForm>
  );
}
