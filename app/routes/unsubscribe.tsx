import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/unsubscribe";
import { ErrorPage, useRouteErrorStatus } from "~/components/error-page";
import { buttonClass } from "~/components/ui/button";
import { EmailAddress } from "~/components/ui/email-address";
import { UNSUBSCRIBE_CHOICE_FIELD, UNSUBSCRIBE_LOCALE_FIELD } from "~/features/consent/consent.schema";
import { maskedEmail } from "~/features/consent/masked-email";
import { EMAIL_CHOICES_PATH } from "~/features/users/dashboard-links";
import { PRIVATE_LINK_HEADERS, privateLinkMeta } from "~/lib/page-meta";
import { pageSearch } from "~/lib/page-search";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";

/** What each kind of e-mail is called in a sentence (CONSENT_LABELS' names, lower-cased, in the page's language). */
const KIND_NAMES = {
  "service-reminders": msg`service reminders`,
  "review-requests": msg`review requests`,
  "club-reminders": msg`Wash Club renewal reminders`,
};

/**
 * The page an e-mail's "Stop …" link opens. Opening it changes nothing (mail scanners open every
 * link, and RFC 8058 forbids a GET that unsubscribes): it asks, and its button POSTs to the same
 * address (server/unsubscribe.ts), which redirects back here to show what is now so. A plain HTML
 * form: it works before, or without, the page's script.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const link = context.services.unsubscribeLinks.read(params.token);
  if (!link) throw data(null, { status: 404, headers: PRIVATE_LINK_HEADERS });
  const receives = (await context.services.consent.choices(link.email))[link.kind];
  const { resubscribed } = pageSearch(request, z.object({ resubscribed: z.literal("1") }));
  return data(
    {
      token: params.token,
      kind: link.kind,
      email: maskedEmail(link.email),
      receives,
      resubscribed: receives && resubscribed !== undefined,
    },
    { headers: PRIVATE_LINK_HEADERS },
  );
}

/** The token in the address is the key to the address's choice: the page is the holder's alone. */
export const headers: Route.HeadersFunction = () => PRIVATE_LINK_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  privateLinkMeta(args, args.data?.receives === false ? msg`Unsubscribed` : msg`Unsubscribe`);

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { token, kind, email, receives, resubscribed } = loaderData;
  const { t } = useLingui();
  const localePath = useLocalePath();
  const name = t(KIND_NAMES[kind]);
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center px-6 py-16">
      {resubscribed && (
        <p role="status" className="mb-6 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {t`Welcome back: you'll get ${name} again.`}
        </p>
      )}
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
        <Trans>E-mails from us</Trans>
      </p>
      {receives ? (
        <>
          <h1 className="mt-2 text-3xl font-bold break-words text-slate-900">
            <Trans>
              Stop {name} for <EmailAddress email={email} />?
            </Trans>
          </h1>
          <p className="mt-4 text-slate-700">
            <Trans>Booking confirmations and visit reminders still come either way.</Trans>
          </p>
          <ChoiceForm token={token} choice="unsubscribe" className={`mt-8 ${buttonClass({ size: "lg" })}`}>
            <Trans>Unsubscribe</Trans>
          </ChoiceForm>
        </>
      ) : (
        <>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">{t`Done: you won't get ${name} any more.`}</h1>
          <p className="mt-4 text-slate-700">
            <Trans>Booking confirmations still come.</Trans>
          </p>
          <p className="mt-8 font-semibold text-slate-900">
            <Trans>Changed your mind?</Trans>
          </p>
          <ChoiceForm
            token={token}
            choice="resubscribe"
            className={`mt-2 ${buttonClass({ variant: "secondary", size: "lg" })}`}
          >
            <Trans>Resubscribe</Trans>
          </ChoiceForm>
        </>
      )}
      <p className="mt-10 text-sm text-slate-600">
        <Trans>
          Have an account?{" "}
          <Link
            to={localePath(EMAIL_CHOICES_PATH)}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Choose which e-mails you get
          </Link>
          .
        </Trans>
      </p>
    </main>
  );
}

/** One button, in a form of its own that the browser sends itself: no script needed. */
function ChoiceForm({
  token,
  choice,
  className,
  children,
}: {
  token: string;
  choice: "unsubscribe" | "resubscribe";
  className: string;
  children: React.ReactNode;
}) {
  const locale = useLocale();
  return (
    <form method="post" action={`/unsubscribe/${token}`}>
      {/* The answer is this page again, in its language (server/unsubscribe.ts). */}
      {locale !== "en" && <input type="hidden" name={UNSUBSCRIBE_LOCALE_FIELD} value={locale} />}
      <button type="submit" name={UNSUBSCRIBE_CHOICE_FIELD} value={choice} className={className}>
        {children}
      </button>
    </form>
  );
}

/** A link the server did not write (one character changed, or cut short when copied). */
export function ErrorBoundary() {
  const status = useRouteErrorStatus();
  const { t } = useLingui();
  const localePath = useLocalePath();
  if (status !== 404) return <ErrorPage status={status} />;
  return (
    <ErrorPage
      status={404}
      title={t`This link doesn't work`}
      text={t`It may have been cut short when it was copied. Open it again from the e-mail, or choose which e-mails you get in your account.`}
      actions={
        <>
          <Link to={localePath(EMAIL_CHOICES_PATH)} className={buttonClass({ size: "lg" })}>
            <Trans>Your e-mail choices</Trans>
          </Link>
          <Link to={localePath("/")} className={buttonClass({ variant: "secondary", size: "lg" })}>
            <Trans>Go to the home page</Trans>
          </Link>
        </>
      }
    />
  );
}
