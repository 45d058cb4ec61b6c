import { data, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/unsubscribe";
import { ErrorPage, useRouteErrorStatus } from "~/components/error-page";
import { buttonClass } from "~/components/ui/button";
import { EmailAddress } from "~/components/ui/email-address";
import { CONSENT_LABELS, UNSUBSCRIBE_CHOICE_FIELD } from "~/features/consent/consent.schema";
import { maskedEmail } from "~/features/consent/masked-email";
import { EMAIL_CHOICES_PATH } from "~/features/users/dashboard-links";
import { PRIVATE_LINK_HEADERS, privateLinkMeta } from "~/lib/page-meta";
import { pageSearch } from "~/lib/page-search";

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
      name: CONSENT_LABELS[link.kind].name.toLowerCase(),
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
  privateLinkMeta(args, args.data?.receives === false ? "Unsubscribed" : "Unsubscribe");

export default function UnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { token, name, email, receives, resubscribed } = loaderData;
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center px-6 py-16">
      {resubscribed && (
        <p role="status" className="mb-6 rounded-lg bg-green-50 p-4 font-medium text-green-900">
          {`Welcome back: you'll get ${name} again.`}
        </p>
      )}
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">E-mails from us</p>
      {receives ? (
        <>
          <h1 className="mt-2 text-3xl font-bold break-words text-slate-900">
            Stop {name} for <EmailAddress email={email} />?
          </h1>
          <p className="mt-4 text-slate-700">Booking confirmations and visit reminders still come either way.</p>
          <ChoiceForm token={token} choice="unsubscribe" className={`mt-8 ${buttonClass({ size: "lg" })}`}>
            Unsubscribe
          </ChoiceForm>
        </>
      ) : (
        <>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">{`Done: you won't get ${name} any more.`}</h1>
          <p className="mt-4 text-slate-700">Booking confirmations still come.</p>
          <p className="mt-8 font-semibold text-slate-900">Changed your mind?</p>
          <ChoiceForm
            token={token}
            choice="resubscribe"
            className={`mt-2 ${buttonClass({ variant: "secondary", size: "lg" })}`}
          >
            Resubscribe
          </ChoiceForm>
        </>
      )}
      <p className="mt-10 text-sm text-slate-600">
        Have an account?{" "}
        <Link to={EMAIL_CHOICES_PATH} className="font-semibold text-brand-700 underline underline-offset-4">
          Choose which e-mails you get
        </Link>
        .
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
  return (
    <form method="post" action={`/unsubscribe/${token}`}>
      <button type="submit" name={UNSUBSCRIBE_CHOICE_FIELD} value={choice} className={className}>
        {children}
      </button>
    </form>
  );
}

/** A link the server did not write (one character changed, or cut short when copied). */
export function ErrorBoundary() {
  const status = useRouteErrorStatus();
  if (status !== 404) return <ErrorPage status={status} />;
  return (
    <ErrorPage
      status={404}
      title="This link doesn't work"
      text="It may have been cut short when it was copied. Open it again from the e-mail, or choose which e-mails you get in your account."
      actions={
        <>
          <Link to={EMAIL_CHOICES_PATH} className={buttonClass({ size: "lg" })}>
            Your e-mail choices
          </Link>
          <Link to="/" className={buttonClass({ variant: "secondary", size: "lg" })}>
            Go to the home page
          </Link>
        </>
      }
    />
  );
}
