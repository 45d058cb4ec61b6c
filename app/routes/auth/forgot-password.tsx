import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useSearchParams } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/forgot-password";
import { TextField } from "~/components/ui/form-field";
import { logInFailureMessage } from "~/features/users/auth-messages";
import { authRequest } from "~/features/users/auth-request";
import { forgotPasswordSchema } from "~/features/users/users.schema";
import { pageMeta } from "~/lib/page-meta";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { buttonClass } from "~/components/ui/button";
import { FormFailure } from "~/components/ui/form-failure";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: msg`Forgot password`, description: msg`Get a link to choose a new password.` }),
  { name: "robots", content: "noindex" },
];

export default function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { t } = useLingui();
  const localePath = useLocalePath();
  const form = useForm<z.input<typeof forgotPasswordSchema>>({
    resolver: zodResolver(forgotPasswordSchema),
    mode: "onTouched",
    defaultValues: { email: params.get("email") ?? "" },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    const result = await authRequest("request-password-reset", { email, redirectTo: localePath("/reset-password") });
    if (result) setFailure(logInFailureMessage(result));
    else setSentTo(email);
  });

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Forgot your password?</Trans>
      </h1>
      {sentTo ? (
        <div role="status" className="mt-4 rounded-lg bg-green-50 p-4 text-green-900">
          <p className="font-semibold">
            <Trans>Check your inbox</Trans>
          </p>
          <p className="mt-1">
            <Trans>
              If an account exists for {sentTo}, we've sent it a link to choose a new password. The link works once,
              within one hour.
            </Trans>
          </p>
        </div>
      ) : (
        <>
          <p className="mt-1 text-slate-600">
            <Trans>Enter your account's e-mail and we'll send you a link to choose a new password.</Trans>
          </p>
          <ClientForm onSubmit={onSubmit} className="mt-6 space-y-4">
            <TextField
              label={t`Email`}
              type="email"
              autoComplete="email"
              error={errors.email?.message}
              {...form.register("email")}
            />
            <FormFailure message={failure} />
            <SubmitButton
              busy={isSubmitting}
              busyLabel={t`Sending...`}
              className={buttonClass({ size: "xl", block: true })}
            >
              <Trans>Send reset link</Trans>
            </SubmitButton>
          </ClientForm>
        </>
      )}
      <p className="mt-6 text-center">
        <Link to={localePath("/login")} className="font-semibold text-brand-700 underline underline-offset-4">
          <Trans>Back to log in</Trans>
        </Link>
      </p>
    </>
  );
}
