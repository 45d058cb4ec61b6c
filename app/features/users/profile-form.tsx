import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { apiFetch } from "~/lib/api-client";
import { ownProfileSchema } from "./users.schema";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { buttonClass } from "~/components/ui/button";
import { fixedMessage } from "~/lib/i18n/fixed-messages";

const nameOnly = ownProfileSchema.pick({ name: true });

/** The display-name update: POST /api/user saves the caller's own record. */
export function ProfileForm({ name }: { name: string }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const { t } = useLingui();
  const form = useForm<z.input<typeof nameOnly>>({
    resolver: zodResolver(nameOnly),
    defaultValues: { name },
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  const onSubmit = useApiSubmit(form, {
    failure: t`Saving user failed`,
    submit: async (values) => {
      await apiFetch("/api/user", { method: "POST", json: values });
      form.reset(values);
      void toast({ title: t`Saved`, description: t`Your name was updated.`, tone: "success" });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="profile-heading"
      className="max-w-md rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="profile-heading" className="text-lg font-bold text-slate-900">
        <Trans>Your profile</Trans>
      </h2>
      <div className="mt-4">
        <TextField
          label={t`Display name`}
          autoComplete="name"
          error={errors.name?.message && t(fixedMessage(errors.name.message))}
          {...form.register("name")}
        />
      </div>
      <SubmitButton busy={isSubmitting} busyLabel={t`Saving…`} disabled={!isDirty} className={`mt-4 ${buttonClass()}`}>
        <Trans>Save name</Trans>
      </SubmitButton>
    </ClientForm>
  );
}
