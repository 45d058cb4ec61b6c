import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { followUpSettingsSchema, type FollowUpSettings } from "~/features/follow-ups/follow-ups.schema";

/** This form's part of the follow-ups' settings; PATCH /api/follow-up-settings takes any part. */
const formSchema = followUpSettingsSchema.pick({
  reviewRequests: true,
  reviewRequestDaysAfter: true,
  autoPublishGoodReviews: true,
});
type FormValues = z.output<typeof formSchema>;

const pick = (s: FormValues): FormValues => ({
  reviewRequests: s.reviewRequests,
  reviewRequestDaysAfter: s.reviewRequestDaysAfter,
  autoPublishGoodReviews: s.autoPublishGoodReviews,
});

function Checkbox({
  label,
  hint,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { label: string; hint: string }) {
  return (
    <label className="flex items-start gap-3">
      <input type="checkbox" className="mt-1 size-5 shrink-0" {...input} />
      <span>
        <span className="block font-semibold text-slate-900">{label}</span>
        <span className="block text-sm text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

/** Review requests on or off, how many days after a visit, and whether 4–5 stars publish at once. */
export function ReviewSettingsForm({ settings }: { settings: FollowUpSettings }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: pick(settings) });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Settings not saved",
    submit: async (values) => {
      const saved = await apiFetch<FollowUpSettings>("/api/follow-up-settings", { method: "PATCH", json: values });
      form.reset(pick(saved));
      void toast({
        title: "Saved",
        description: saved.reviewRequests
          ? `Customers are asked ${saved.reviewRequestDaysAfter === 1 ? "1 day" : `${saved.reviewRequestDaysAfter} days`} after their visit.`
          : "No review requests are sent.",
        tone: "success",
      });
      await revalidator.revalidate();
    },
  });
  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="review-settings-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="review-settings-heading" className="text-lg font-bold text-slate-900">
        Review settings
      </h2>
      <div className="mt-4 grid gap-4">
        <Checkbox
          label="Ask customers for a review"
          hint="One e-mail per collected visit, with a link to rate it. Customers can stop them with one click."
          {...form.register("reviewRequests")}
        />
        <div className="max-w-xs">
          <TextField
            label="Days after the visit"
            type="number"
            inputMode="numeric"
            min={0}
            max={14}
            hint="0 asks the same day it is collected."
            error={errors.reviewRequestDaysAfter?.message}
            {...form.register("reviewRequestDaysAfter", { valueAsNumber: true })}
          />
        </div>
        <Checkbox
          label="Publish 4- and 5-star reviews at once"
          hint="1 to 3 stars always wait for you here, and are e-mailed to the address for new requests in Booking Settings."
          {...form.register("autoPublishGoodReviews")}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save review settings
      </SubmitButton>
    </ClientForm>
  );
}
