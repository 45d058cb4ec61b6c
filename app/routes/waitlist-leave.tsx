import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Link } from "react-router";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";
import type { Route } from "./+types/waitlist-leave";
import { buttonClass } from "~/components/ui/button";
import { longDate } from "~/features/bookings/visit-text";
import { LeaveAction } from "~/features/waitlist/leave-action";
import { PRIVATE_LINK_HEADERS, privateLinkMeta } from "~/lib/page-meta";

/**
 * The page a waitlist e-mail's "Leave the waitlist" link opens (issue 29). Opening it changes
 * nothing (mail scanners open every link): its button does. A link the server did not write is
 * the site's not-found page.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const entry = await context.services.waitlist.leavePage(params.token);
  if (!entry) throw data(null, { status: 404, headers: PRIVATE_LINK_HEADERS });
  return data({ ...entry, token: params.token }, { headers: PRIVATE_LINK_HEADERS });
}

export const headers: Route.HeadersFunction = () => PRIVATE_LINK_HEADERS;

export const meta: Route.MetaFunction = (args) =>
  privateLinkMeta(args, args.data?.status === "waiting" ? msg`Leave the waitlist` : msg`Waitlist`);

export default function WaitlistLeavePage({ loaderData }: Route.ComponentProps) {
  const { date, status, token } = loaderData;
  const { t } = useLingui();
  const localePath = useLocalePath();
  const day = longDate(date, useLocale());
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col justify-center px-6 py-16">
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">
        <Trans>The waitlist</Trans>
      </p>
      {status === "waiting" ? (
        <>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">
            <Trans>Not waiting for {day} any more?</Trans>
          </h1>
          <p className="mt-4 text-slate-700">
            <Trans>
              Leave the list and we won't e-mail you about a place that day. Any place we're holding for you goes to the
              next person.
            </Trans>
          </p>
          <LeaveAction token={token} label={t`Leave the waitlist for ${day}`} />
        </>
      ) : (
        <>
          <h1 className="mt-2 text-3xl font-bold text-slate-900">
            {status === "left" ? t`You've left the waitlist.` : t`You're no longer on the waitlist for ${day}.`}
          </h1>
          <p className="mt-4 text-slate-700">
            {status === "booked"
              ? t`You booked a place from it: your confirmation e-mail has the details.`
              : t`We won't e-mail you about this day. You can still book another time.`}
          </p>
          <Link
            to={localePath("/booking")}
            className={`mt-8 w-fit ${buttonClass({ variant: "secondary", size: "lg" })}`}
          >
            <Trans>Book a visit</Trans>
          </Link>
        </>
      )}
    </main>
  );
}
