import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import {
  backupSettingsSchema,
  MAX_BACKUP_KEEP,
  MIN_BACKUP_KEEP,
  POSTGRES_BACKUPS_NOTE,
  type BackupSettings,
  type DatabaseEngine,
} from "./backups.schema";

type FormValues = z.input<typeof backupSettingsSchema>;

/** The nightly backup on or off, its time and how many are kept (PATCH /api/backups/settings). */
export function NightlyBackupsForm({ settings, engine }: { settings: BackupSettings; engine: DatabaseEngine }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<FormValues, unknown, z.output<typeof backupSettingsSchema>>({
    resolver: zodResolver(backupSettingsSchema),
    defaultValues: settings,
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const onSubmit = useApiSubmit(form, {
    failure: "Not saved",
    submit: async (values) => {
      const saved = await apiFetch<BackupSettings>("/api/backups/settings", { method: "PATCH", json: values });
      form.reset(saved);
      void toast({
        title: "Saved",
        description: saved.nightlyBackups
          ? `A backup every night at ${saved.backupTime}; the newest ${saved.backupKeep} are kept.`
          : "Nightly backups are off.",
        tone: "success",
      });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm onSubmit={onSubmit} aria-labelledby="nightly-backups-heading">
      <h3 id="nightly-backups-heading" className="font-bold text-slate-900">
        Settings
      </h3>
      {engine === "postgres" && <p className="mt-1 text-sm text-slate-700">{POSTGRES_BACKUPS_NOTE}</p>}
      <label className="mt-3 flex items-center gap-2 font-semibold text-slate-900">
        <input type="checkbox" className="size-5" {...form.register("nightlyBackups")} />
        Make a backup every night
      </label>
      <div className="mt-4 grid gap-4 sm:max-w-xl sm:grid-cols-2">
        <TextField
          label="At (the shop's time)"
          type="time"
          hint="The first minute at or after this time, once a night."
          error={errors.backupTime?.message}
          {...form.register("backupTime")}
        />
        <TextField
          label="Backups kept"
          type="number"
          inputMode="numeric"
          step={1}
          min={MIN_BACKUP_KEEP}
          max={MAX_BACKUP_KEEP}
          hint="The oldest is deleted when a new one is made."
          error={errors.backupKeep?.message}
          {...form.register("backupKeep", { valueAsNumber: true })}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save backup settings
      </SubmitButton>
    </ClientForm>
  );
}
