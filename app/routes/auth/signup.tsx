import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, redirect, useSearchParams } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/signup";
import { PasswordField, TextField } from "~/components/ui/form-field";
import { isAlreadyRegistered, signUpFailureMessage } from "~/features/users/auth-messages";
import { useSessionSubmit } from "~/features/users/use-session-submit";
import { signUpSchema } from "~/features/users/users.schema";
import { localeOfPath, pathInLocale } from "~/lib/i18n/locale";
import { pageMeta } from "~/lib/page-meta";
import { loginPath, safeRedirect } from "~/lib/safe-redirect";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { buttonClass } from "~/components/ui/button";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Signed in already: the dashboard, in this page's language (a team account's Spanish one sends it on).
  if (await context.services.getActor(request.headers))
    throw redirect(pathInLocale("/dashboard", localeOfPath(new URL(request.url).pathname)));
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg`Create an account`,
    description: msg`Sign up to book faster and see your bookings in one place.`,
  });

export default function SignupPage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  const { t } = useLingui();
  const localePath = useLocalePath();
  const form = useForm<z.input<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    mode: "onTouched",
    // An invitation's page sends the invited address along (?email=), so it is the one signed up with.
    defaultValues: { name: "", email: params.get("email") ?? "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  // An address that already has an account: said in place, with the two ways on, until the next try.
  const [registered, setRegistered] = useState<string | null>(null);

  const onSubmit = useSessionSubmit(form, {
    endpoint: "sign-up/email",
    redirectTo,
    failure: { title: t`Signup failed`, message: (failure) => t(fixedMessage(signUpFailureMessage(failure))) },
    onRefused: (failure, { email }) => setRegistered(isAlreadyRegistered(failure) ? email : null),
    success: { title: t`Account created successfully!`, duration: 1500 },
    // The verification link is the one thing to do next: said where the visitor lands, long enough to read.
    next: ({ email }) => ({
      title: t`Check your e-mail`,
      description: t`We sent a link to ${email}. Open it to confirm your address: bookings you made with it show in My Bookings.`,
      tone: "info",
      duration: 15_000,
    }),
  });

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Create your account</Trans>
      </h1>
      <p className="mt-1 text-slate-600">
        <Trans>Book in seconds and keep track of every visit.</Trans>
      </p>
      <ClientForm onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField label={t`Name`} autoComplete="name" error={errors.name?.message} {...form.register("name")} />
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          hint={t`We send a link there to confirm it.`}
          error={errors.email?.message}
          {...form.register("email")}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="new-password"
          hint={t`At least 6 characters.`}
          error={errors.password?.message}
          {...form.register("password")}
        />
        <SubmitButton
          busy={isSubmitting}
          busyLabel={t`Creating...`}
          className={buttonClass({ size: "xl", block: true })}
        >
          <Trans>Create account</Trans>
        </SubmitButton>
        {registered && (
          <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-slate-800">
            <Trans>
              This email is already registered:{" "}
              <Link
                to={localePath(loginPath(redirectTo))}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Log in
              </Link>{" "}
              or{" "}
              <Link
                to={`${localePath("/forgot-password")}?email=${encodeURIComponent(registered)}`}
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Reset your password
              </Link>
              .
            </Trans>
          </p>
        )}
      </ClientForm>
      <p className="mt-6 text-center text-slate-700">
        <Trans>
          Already have an account?{" "}
          <Link
            to={localePath(loginPath(redirectTo))}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Log in
          </Link>
        </Trans>
      </p>
    </>
  );
}
