import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { auditSettingsSchema, RETENTION_DAYS, type AuditSettings } from "./audit.schema";

/** How long the record of changes is kept (PATCH /api/activity/settings); the server drops what is older. */
export function RetentionForm({ settings }: { settings: AuditSettings }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<AuditSettings>({ resolver: zodResolver(auditSettingsSchema), defaultValues: settings });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Not saved",
    submit: async (values) => {
      const saved = await apiFetch<AuditSettings>("/api/activity/settings", { method: "PATCH", json: values });
      form.reset(saved);
      void toast({ title: "Saved", description: `Changes are kept ${saved.retentionDays} days.`, tone: "success" });
      await revalidator.revalidate();
    },
  });
  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="retention-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="retention-heading" className="text-lg font-bold text-slate-900">
        How long changes are kept
      </h2>
      <div className="mt-4 max-w-xs">
        <TextField
          label="Days"
          type="number"
          inputMode="numeric"
          min={RETENTION_DAYS.min}
          max={RETENTION_DAYS.max}
          hint="730 is two years. Older changes are deleted by the server."
          error={errors.retentionDays?.message}
          {...form.register("retentionDays", { valueAsNumber: true })}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save
      </SubmitButton>
    </ClientForm>
  );
}
