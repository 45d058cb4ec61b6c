import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/reset-password";
import { PasswordField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { authRequest } from "~/features/users/auth-request";
import { resetPasswordSchema } from "~/features/users/users.schema";
import { pageMeta } from "~/lib/page-meta";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { buttonClass } from "~/components/ui/button";

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: msg`Choose a new password`, description: msg`Set a new password for your account.` }),
  { name: "robots", content: "noindex" },
];

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const navigate = useNavigate();
  const toast = useToast();
  const { t } = useLingui();
  const localePath = useLocalePath();
  const [expired, setExpired] = useState(params.get("error") !== null || !token);
  const form = useForm<z.input<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    mode: "onTouched",
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    const failure = await authRequest("reset-password", { newPassword: password, token });
    if (failure) {
      if (failure.status === 400) setExpired(true);
      else
        void toast({
          title: t`Update failed`,
          description: t(fixedMessage(failure.message || "Please try again.")),
          tone: "error",
        });
      return;
    }
    await toast({
      title: t`Password updated`,
      description: t`Log in with your new password.`,
      tone: "success",
      duration: 1500,
    });
    await navigate(localePath("/login"), { replace: true });
  });

  if (expired) {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>This link has expired</Trans>
        </h1>
        <p className="mt-3 text-slate-700">
          <Trans>Reset links work once, within one hour. Ask for a new one and use it straight away.</Trans>
        </p>
        <Link to={localePath("/forgot-password")} className={`mt-6 inline-block ${buttonClass({ size: "xl" })}`}>
          <Trans>Send me a new link</Trans>
        </Link>
      </>
    );
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Choose a new password</Trans>
      </h1>
      <ClientForm onSubmit={onSubmit} className="mt-6 space-y-4">
        <PasswordField
          label={t`New password`}
          autoComplete="new-password"
          hint={t`At least 6 characters.`}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <PasswordField
          label={t`Repeat new password`}
          autoComplete="new-password"
          error={errors.confirm?.message}
          {...form.register("confirm")}
        />
        <SubmitButton busy={isSubmitting} busyLabel={t`Saving...`} className={buttonClass({ size: "xl", block: true })}>
          <Trans>Set new password</Trans>
        </SubmitButton>
      </ClientForm>
    </>
  );
}
