import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { SelectField, TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { serviceRecordInputSchema, type OilType } from "./follow-ups.schema";
import { nextDueText, oilPriceNote } from "./service-record-text";
import type { ServiceRecord } from "./service-records.schema";

type FormValues = z.input<typeof serviceRecordInputSchema>;

/** What POST /api/bookings/{id}/service-record answers. */
export interface RecordedOilChange {
  nextDueDate: string;
  nextDueMileage: number;
  record: ServiceRecord;
}

/** Odometer and oil of a visit's oil change: saves (or corrects) its record, then tells the caller. */
export function ServiceRecordForm({
  bookingId,
  oilTypes,
  initial,
  booked,
  submitLabel = "Save",
  onSaved,
  children,
}: {
  bookingId: string;
  oilTypes: readonly OilType[];
  initial: { odometer?: number; oilType: string };
  /** The oil the visit was booked (and priced) with: a different one used is said to change the price. */
  booked?: string;
  submitLabel?: string;
  onSaved(saved: RecordedOilChange): void;
  /** More buttons beside Save (the prompt's Skip). */
  children?: React.ReactNode;
}) {
  // A recorded oil that is no longer one of the settings' stays readable, but a save must choose again.
  const known = oilTypes.some((oil) => oil.id === initial.oilType);
  const form = useForm<FormValues, unknown, z.output<typeof serviceRecordInputSchema>>({
    resolver: zodResolver(serviceRecordInputSchema),
    defaultValues: { odometer: initial.odometer, oilType: known ? initial.oilType : "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;
  const used = useWatch({ control: form.control, name: "oilType" });
  const priceNote = booked ? oilPriceNote(booked, used ?? "", oilTypes) : null;
  const onSubmit = useApiSubmit(form, {
    failure: "Not saved",
    submit: async (values) => {
      onSaved(
        await apiFetch<RecordedOilChange>(`/api/bookings/${bookingId}/service-record`, {
          method: "POST",
          json: values,
        }),
      );
    },
  });
  return (
    <ClientForm onSubmit={onSubmit} aria-label="Oil change">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Odometer (miles)"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          autoComplete="off"
          error={errors.odometer?.message}
          {...form.register("odometer", { valueAsNumber: true })}
        />
        <SelectField
          label="Oil used"
          placeholder="Choose the oil"
          options={oilTypes.map((oil) => ({ value: oil.id, label: oil.name }))}
          error={errors.oilType?.message}
          {...form.register("oilType")}
        />
      </div>
      {priceNote && (
        <p role="status" className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-medium text-amber-950">
          {priceNote}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-end gap-3">
        {children}
        <SubmitButton busy={isSubmitting} busyLabel="Saving…" className={buttonClass()}>
          {submitLabel}
        </SubmitButton>
      </div>
    </ClientForm>
  );
}

/** "Next oil change due: Mar 3, 2027 or 41,500 miles", and the way to the windshield sticker. */
export function NextOilChange({ record }: { record: ServiceRecord }) {
  return (
    <div className="rounded-lg bg-brand-50 p-3 text-slate-900">
      <p>
        Next oil change due: <strong>{nextDueText(record)}</strong>
      </p>
      <p className="mt-1 text-sm text-slate-700">
        {record.oilName} at {record.odometer.toLocaleString("en-US")} miles
      </p>
      <Link
        to={`/dashboard/sticker/${record.bookingId}`}
        className="mt-2 inline-block font-semibold text-brand-800 underline"
      >
        Print windshield sticker
      </Link>
    </div>
  );
}
