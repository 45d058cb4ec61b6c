import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { localeOfPath, pathInLocale } from "~/lib/i18n/locale";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/login";
import { PasswordField, TextField } from "~/components/ui/form-field";
import { SignInCodeForm } from "~/features/users/sign-in-code-form";
import { logInFailureMessage } from "~/features/users/auth-messages";
import { useSessionSubmit } from "~/features/users/use-session-submit";
import { logInSchema } from "~/features/users/users.schema";
import { actorCan } from "~/lib/access";
import { pageMeta } from "~/lib/page-meta";
import { pageSearch } from "~/lib/page-search";
import { safeRedirect } from "~/lib/safe-redirect";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { buttonClass } from "~/components/ui/button";

const returnPathQuery = z.object({ redirectTo: z.string() });

export async function loader({ request, context }: Route.LoaderArgs) {
  // Someone already signed in has nothing to do here: back where they came from or, coming from
  // nowhere in particular, where their day starts (the team's is today's board, a member's the home page).
  const actor = await context.services.getActor(request.headers);
  if (actor) {
    // A member lands on the home page in the sign-in page's language; the team's desk is English.
    const home = pathInLocale("/", localeOfPath(new URL(request.url).pathname));
    const landing = actorCan(actor, "desk") ? "/dashboard" : home;
    throw redirect(safeRedirect(pageSearch(request, returnPathQuery).redirectTo, landing));
  }
  return null;
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { title: msg`Log in`, description: msg`Log in to see and manage your bookings.` }),
  { name: "robots", content: "noindex" },
];

export default function LoginPage() {
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirectTo"));
  // Without a return path the server picks the landing by role: this page's loader, run again signed in.
  const { t } = useLingui();
  const localePath = useLocalePath();
  const afterLogIn = params.has("redirectTo") ? redirectTo : localePath("/login");
  const navigate = useNavigate();
  // The password was right and the account has two-factor sign-in: the code comes next, no session yet.
  const [askingCode, setAskingCode] = useState(false);
  const form = useForm<z.input<typeof logInSchema>>({ resolver: zodResolver(logInSchema), mode: "onTouched" });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = useSessionSubmit(form, {
    endpoint: "sign-in/email",
    redirectTo: afterLogIn,
    failure: { title: t`Login failed`, message: (failure) => t(fixedMessage(logInFailureMessage(failure))) },
    success: { title: t`Logged in successfully!`, duration: 1400 },
    onCodeAsked: () => setAskingCode(true),
  });

  const forgot = () => {
    const email = form.getValues("email");
    const page = localePath("/forgot-password");
    void navigate(email ? `${page}?email=${encodeURIComponent(email)}` : page);
  };

  if (askingCode) return <SignInCodeForm redirectTo={afterLogIn} onStartOver={() => setAskingCode(false)} />;

  return (
    <>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Log in</Trans>
      </h1>
      <p className="mt-1 text-slate-600">
        <Trans>See your bookings and book faster.</Trans>
      </p>
      <ClientForm onSubmit={onSubmit} className="mt-6 space-y-4">
        <TextField
          label={t`Email`}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register("email")}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <div className="text-right">
          <button
            type="button"
            onClick={forgot}
            className="text-sm font-semibold text-brand-700 underline underline-offset-4"
          >
            <Trans>Forgot password?</Trans>
          </button>
        </div>
        <SubmitButton
          busy={isSubmitting}
          busyLabel={t`Signing in...`}
          className={buttonClass({ size: "xl", block: true })}
        >
          <Trans>Log in</Trans>
        </SubmitButton>
      </ClientForm>
      <p className="mt-6 text-center text-slate-700">
        <Trans>
          New here?{" "}
          <Link
            to={`${localePath("/signup")}${redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`}`}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Create an account
          </Link>
        </Trans>
      </p>
    </>
  );
}
