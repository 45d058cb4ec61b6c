import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import {
  addHotelFormSchema,
  PRICE_INDICATORS,
  type HotelFormInput,
  type HotelFormValues,
} from "~/features/plans/plans.schema";
import { buttonClass } from "~/components/ui/button";

const INDICATOR_OPTIONS = PRICE_INDICATORS.map((value) => ({ value, label: value }));

export const EMPTY_HOTEL: HotelFormInput = {
  hotelName: "",
  hotelDescription: "",
  rating: "",
  priceIndicator: "" as HotelFormInput["priceIndicator"],
};

interface HotelFormProps {
  defaultValues: HotelFormInput;
  /** The photo's field, first as in the specification's Add hotel (the uploads feature draws it). */
  photoField: React.ReactNode;
  /** A photo still uploading: saving waits for it. */
  uploading: boolean;
  submitLabel: string;
  busyLabel: string;
  /** The failure toast's title. */
  failure: string;
  /** Saves the checked values and reports the success; whatever it throws is the failure. */
  onSave(values: HotelFormValues, form: { reset(): void }): Promise<void>;
  /** Buttons beside the submit button. */
  children?: React.ReactNode;
}

/** Add hotel's form, also the edit of an entry: the same fields, rules and error messages. */
export function HotelForm({
  defaultValues,
  photoField,
  uploading,
  submitLabel,
  busyLabel,
  failure,
  onSave,
  children,
}: HotelFormProps) {
  const form = useForm<HotelFormInput, unknown, HotelFormValues>({
    resolver: zodResolver(addHotelFormSchema),
    mode: "onTouched",
    defaultValues,
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = useApiSubmit(form, { failure, submit: (values) => onSave(values, { reset: () => form.reset() }) });

  return (
    <ClientForm onSubmit={onSubmit} className="mt-6 max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6">
      {photoField}
      <TextField label="Hotel Name*" error={errors.hotelName?.message} {...form.register("hotelName")} />
      <TextAreaField
        label="About Hotel*"
        error={errors.hotelDescription?.message}
        {...form.register("hotelDescription")}
      />
      <TextField
        label="Rating*"
        inputMode="decimal"
        placeholder="4.5"
        error={errors.rating?.message}
        {...form.register("rating")}
      />
      <SelectField
        label="Price Indicator*"
        placeholder="Choose"
        options={INDICATOR_OPTIONS}
        error={errors.priceIndicator?.message}
        {...form.register("priceIndicator")}
      />
      <div className="flex flex-wrap items-center gap-3">
        {children}
        <SubmitButton
          busy={isSubmitting}
          busyLabel={busyLabel}
          disabled={uploading}
          className={buttonClass({ size: "lg" })}
        >
          {submitLabel}
        </SubmitButton>
      </div>
    </ClientForm>
  );
}
