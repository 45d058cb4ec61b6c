import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { securitySettingsSchema, type SecuritySettings } from "./security.schema";

/** The admins' security setting (PUT /api/security-settings). */
export function SecuritySettingsForm({ settings }: { settings: SecuritySettings }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<SecuritySettings>({ resolver: zodResolver(securitySettingsSchema), defaultValues: settings });
  const { isSubmitting, isDirty } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Not saved",
    submit: async (values) => {
      const saved = await apiFetch<SecuritySettings>("/api/security-settings", { method: "PUT", json: values });
      form.reset(saved);
      void toast({
        title: "Saved",
        description: saved.requireTwoFactorForTeam
          ? "Staff, managers and admins must use two-factor sign-in."
          : "Two-factor sign-in is each person's choice.",
        tone: "success",
      });
      await revalidator.revalidate();
    },
  });
  return (
    <ClientForm onSubmit={onSubmit} className="mt-6 max-w-xl rounded-xl border border-slate-200 bg-white p-5">
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-brand-700"
          aria-describedby="require-two-factor-hint"
          {...form.register("requireTwoFactorForTeam")}
        />
        <span className="font-semibold text-slate-900">Require two-factor sign-in for staff, managers and admins</span>
      </label>
      <p id="require-two-factor-hint" className="mt-2 ml-8 text-sm text-slate-700">
        Anyone on the team without it is taken to set it up before the dashboard opens. Customers are never asked.
      </p>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save
      </SubmitButton>
    </ClientForm>
  );
}
