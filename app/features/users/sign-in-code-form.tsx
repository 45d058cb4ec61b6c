import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { TextField } from "~/components/ui/form-field";
import { twoFactorFailureMessage } from "./auth-messages";
import { useSessionSubmit } from "./use-session-submit";
import { codeSchema } from "~/features/security/security.schema";
import { fixedMessage } from "~/lib/i18n/fixed-messages";

/**
 * The sign-in's second step, after a right password on an account with two-factor sign-in: the
 * code from the authenticator app, or one of the backup codes (each works once).
 */
export function SignInCodeForm({ redirectTo, onStartOver }: { redirectTo: string; onStartOver: () => void }) {
  const [backup, setBackup] = useState(false);
  const { t } = useLingui();
  const form = useForm<z.input<typeof codeSchema>>({ resolver: zodResolver(codeSchema) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = useSessionSubmit(form, {
    endpoint: backup ? "two-factor/verify-backup-code" : "two-factor/verify-totp",
    redirectTo,
    failure: { title: t`Login failed`, message: (failure) => t(fixedMessage(twoFactorFailureMessage(failure))) },
    success: { title: t`Logged in successfully!`, duration: 1400 },
    onRefused: (failure) => {
      if (failure.code === "INVALID_TWO_FACTOR_COOKIE" || failure.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
        onStartOver();
    },
  });
  const switchKind = () => {
    setBackup(!backup);
    form.reset({ code: "" });
  };
  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Enter your code</Trans>
      </h1>
      <p className="mt-1 text-slate-600">
        {backup
          ? t`Enter one of the backup codes you saved. Each one works once.`
          : t`Open your authenticator app and enter the 6-digit code it shows for this site.`}
      </p>
      <ClientForm onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField
          key={backup ? "backup" : "app"}
          label={backup ? t`Backup code` : t`Code from your app`}
          autoComplete="one-time-code"
          inputMode={backup ? "text" : "numeric"}
          autoFocus
          error={errors.code?.message}
          {...form.register("code")}
        />
        <SubmitButton
          busy={isSubmitting}
          busyLabel={t`Checking...`}
          className={buttonClass({ size: "xl", block: true })}
        >
          <Trans>Log in</Trans>
        </SubmitButton>
      </ClientForm>
      <div className="mt-6 flex flex-wrap justify-between gap-3 text-sm">
        <button
          type="button"
          onClick={switchKind}
          className="font-semibold text-brand-700 underline underline-offset-4"
        >
          {backup ? t`Use the code from my app` : t`Use a backup code`}
        </button>
        <button
          type="button"
          onClick={onStartOver}
          className="font-semibold text-slate-700 underline underline-offset-4"
        >
          <Trans>Start over</Trans>
        </button>
      </div>
    </>
  );
}
