import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { PasswordField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { twoFactorFailureMessage } from "./auth-messages";
import { authCall } from "./auth-request";
import { QrCode } from "~/components/qr-code";
import { useTwoFactorSwitch } from "./use-two-factor-switch";
import { codeSchema, passwordOnlySchema } from "~/features/security/security.schema";

interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

/** "JBSW Y3DP EHPK 3PXP": the secret of an otpauth:// address, in groups to type by hand. */
function typedKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.match(/.{1,4}/g)?.join(" ") ?? secret;
}

/**
 * Turning two-factor sign-in on: the password (better-auth's enable), then the QR code and the
 * backup codes, then a first code from the app (verify-totp), which is what turns it on.
 */
export function TwoFactorSetup() {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  return enrolment ? <ConfirmStep enrolment={enrolment} /> : <PasswordStep onEnrolled={setEnrolment} />;
}

function PasswordStep({ onEnrolled }: { onEnrolled: (enrolment: Enrolment) => void }) {
  const toast = useToast();
  const form = useForm<z.input<typeof passwordOnlySchema>>({ resolver: zodResolver(passwordOnlySchema) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ password }) => {
    const answer = await authCall("two-factor/enable", { password });
    if (!answer.ok) {
      void toast({ title: "Not turned on", description: twoFactorFailureMessage(answer.failure), tone: "error" });
      return;
    }
    onEnrolled(answer.data as unknown as Enrolment);
  });
  return (
    <ClientForm onSubmit={onSubmit} className="mt-4 max-w-sm space-y-4">
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register("password")}
      />
      <SubmitButton busy={isSubmitting} busyLabel="Checking..." className={buttonClass({ size: "lg" })}>
        Set up two-factor sign-in
      </SubmitButton>
    </ClientForm>
  );
}

function ConfirmStep({ enrolment }: { enrolment: Enrolment }) {
  const turnOn = useTwoFactorSwitch(true);
  const form = useForm<z.input<typeof codeSchema>>({ resolver: zodResolver(codeSchema) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(({ code }) => turnOn("two-factor/verify-totp", { code }));
  return (
    <div className="mt-4 space-y-6">
      <section aria-labelledby="scan-heading">
        <h3 id="scan-heading" className="text-lg font-semibold text-slate-900">
          1. Scan this code with your authenticator app
        </h3>
        <p className="mt-1 text-slate-700">Google Authenticator, Microsoft Authenticator, 1Password and others work.</p>
        <div className="mt-3">
          <QrCode value={enrolment.totpURI} label="QR code for your authenticator app" />
        </div>
        <div className="mt-3 max-w-sm">
          <TextAreaField
            label="Setup key"
            readOnly
            rows={3}
            value={typedKey(enrolment.totpURI)}
            hint="Can't scan the code? Enter this key in the app instead."
            className="mt-1 block w-full resize-none rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-base text-slate-900"
          />
        </div>
      </section>
      <section aria-labelledby="backup-heading">
        <h3 id="backup-heading" className="text-lg font-semibold text-slate-900">
          2. Save your backup codes
        </h3>
        <p className="mt-1 max-w-xl text-slate-700">
          If you lose your phone, each code lets you log in once. Keep them somewhere safe: print them or store them in
          a password manager.
        </p>
        <ul
          aria-label="Backup codes"
          className="mt-3 grid max-w-sm grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-slate-300 bg-white p-3 font-mono text-slate-900"
        >
          {enrolment.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="confirm-heading">
        <h3 id="confirm-heading" className="text-lg font-semibold text-slate-900">
          3. Enter the code your app shows
        </h3>
        <ClientForm onSubmit={onSubmit} className="mt-3 max-w-sm space-y-4">
          <TextField
            label="Code from your app"
            autoComplete="one-time-code"
            inputMode="numeric"
            error={errors.code?.message}
            {...form.register("code")}
          />
          <SubmitButton busy={isSubmitting} busyLabel="Checking..." className={buttonClass({ size: "lg" })}>
            Turn on two-factor sign-in
          </SubmitButton>
        </ClientForm>
      </section>
    </div>
  );
}
