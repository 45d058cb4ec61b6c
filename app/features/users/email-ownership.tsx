import { Trans, useLingui } from "@lingui/react/macro";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { EmailAddress } from "~/components/ui/email-address";
import { TextField } from "~/components/ui/form-field";
import { logInFailureMessage } from "./auth-messages";
import { authRequest } from "./auth-request";
import { forgotPasswordSchema } from "./users.schema";
import { buttonClass } from "~/components/ui/button";
import { FormFailure } from "~/components/ui/form-failure";
import { fixedMessage } from "~/lib/i18n/fixed-messages";

/** Where every verification link leads (the server sets it on the link whatever is asked: auth.ts). */
const VERIFIED_PATH = "/dashboard/my-bookings?verified=1";

/**
 * Why some bookings may be missing, and the way to bring them in: bookings made with the address
 * as a visitor are the account's only once it has opened the link sent there (docs/decisions/013).
 */
export function VerifyEmailNotice({
  email,
  linkFailed = false,
  bookingsShow = "here",
}: {
  email: string;
  linkFailed?: boolean;
  /** Where those bookings appear, seen from the page showing the notice. */
  bookingsShow?: "here" | "in My Bookings";
}) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useLingui();
  const resend = async () => {
    setState("sending");
    setFailure(null);
    const result = await authRequest("send-verification-email", { email, callbackURL: VERIFIED_PATH });
    if (result) {
      setFailure(t(fixedMessage(logInFailureMessage(result))));
      setState("idle");
    } else setState("sent");
  };
  return (
    <section aria-labelledby="verify-email-title" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="verify-email-title" className="font-bold text-amber-950">
        <Trans>Please confirm your e-mail address</Trans>
      </h2>
      {linkFailed && (
        <p className="mt-1 font-semibold text-red-800">
          <Trans>
            That link did not work: it may have expired or been used already. Send yourself a new one below.
          </Trans>
        </p>
      )}
      <p className="mt-1 text-amber-950">
        {bookingsShow === "here" ? (
          <Trans>
            We sent a link to <EmailAddress email={email} className="font-bold" />. Bookings you made with this address
            before you had an account show here once you open it.
          </Trans>
        ) : (
          <Trans>
            We sent a link to <EmailAddress email={email} className="font-bold" />. Bookings you made with this address
            before you had an account show in My Bookings once you open it.
          </Trans>
        )}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={resend}
          disabled={state !== "idle"}
          className="rounded-md border border-amber-800 bg-white px-4 py-2 font-semibold text-amber-950 hover:bg-amber-100 disabled:opacity-70"
        >
          {state === "sending" ? t`Sending…` : t`Resend verification e-mail`}
        </button>
        <p role="status" className="text-sm font-medium text-amber-950">
          {state === "sent" ? t`Sent: check your inbox at ${email}.` : ""}
        </p>
      </div>
      <FormFailure message={failure} className="mt-2" />
    </section>
  );
}

/** After opening the link: the address is the account's, and so are its bookings. */
export function EmailVerifiedNotice() {
  return (
    <p role="status" className="mt-6 rounded-xl bg-green-50 p-4 font-medium text-green-900">
      <Trans>Your e-mail address is confirmed: bookings made with it are listed here.</Trans>
    </p>
  );
}

/**
 * A new address is taken only once its owner opens the link sent to it (better-auth's changeEmail);
 * until then the account keeps the one it has.
 */
export function ChangeEmailForm({ email }: { email: string }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useLingui();
  const form = useForm<z.input<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onTouched",
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async ({ email: newEmail }) => {
    setFailure(null);
    if (newEmail.toLowerCase() === email.toLowerCase()) {
      setFailure(t`That is already your e-mail address.`);
      return;
    }
    const result = await authRequest("change-email", { newEmail, callbackURL: VERIFIED_PATH });
    if (result) setFailure(t(fixedMessage(logInFailureMessage(result))));
    else setSentTo(newEmail);
  });

  return (
    <details className="mt-10 rounded-xl border border-slate-200 bg-white p-5">
      <summary className="cursor-pointer font-semibold text-slate-900">
        <Trans>Change e-mail</Trans>
      </summary>
      <p className="mt-2 text-slate-700">
        <Trans>
          Your e-mail address is <EmailAddress email={email} className="font-bold" />. We send a link to the new
          address; it becomes yours once you open it.
        </Trans>
      </p>
      {sentTo ? (
        <p role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-900">
          <Trans>
            Check your inbox at <EmailAddress email={sentTo} className="font-bold" />: your address changes once you
            open the link we sent there.
          </Trans>
        </p>
      ) : (
        <ClientForm onSubmit={onSubmit} className="mt-4 max-w-md space-y-4">
          <TextField
            label={t`New e-mail address`}
            type="email"
            autoComplete="email"
            error={errors.email?.message && t(fixedMessage(errors.email.message))}
            {...form.register("email")}
          />
          <FormFailure message={failure} />
          <SubmitButton busy={isSubmitting} busyLabel={t`Sending...`} className={buttonClass()}>
            <Trans>Send confirmation link</Trans>
          </SubmitButton>
        </ClientForm>
      )}
    </details>
  );
}
