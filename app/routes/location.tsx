import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Car, Clock, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/location";
import { PageHero } from "~/components/page-hero";
import { LocationMap } from "~/features/site/location-map";
import { zoneName } from "~/lib/business-date";
import { openStatus } from "~/lib/opening-hours";
import { openingPeriods } from "~/features/bookings/shop-hours";
import { OpeningHoursList } from "~/features/site/opening-hours-list";
import { LANGUAGE_TAG, localeOfPath } from "~/lib/i18n/locale";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { directionsHref, telHref } from "~/lib/site-config";
import { useSite } from "~/lib/use-site";
import { pageMeta } from "~/lib/page-meta";
import { buttonClass } from "~/components/ui/button";

export async function loader({ context, request }: Route.LoaderArgs) {
  const now = new Date();
  const locale = localeOfPath(new URL(request.url).pathname);
  const hours = openingPeriods(await context.services.bookingSettings.shopHours());
  // Judged on the business's clock, whatever the server's or the visitor's time zone.
  return {
    status: openStatus(now, context.site.timeZone, hours, locale),
    zoneName: zoneName(context.site.timeZone, now, LANGUAGE_TAG[locale]),
  };
}

/** ARRIVAL_NOTES (app/lib/arrival-notes.ts, which the e-mails read too) as the page's messages. */
const ARRIVAL_NOTES = [
  msg`Pull into the lane marked "Check-in" and a team member will meet you.`,
  msg`Free customer parking and a lounge with coffee and Wi-Fi.`,
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg`Location & Opening Hours`,
    description: msg`Find us, get directions and check our opening hours: Monday to Saturday 8 AM–6 PM, Sunday 8 AM–5 PM. See whether we're open right now.`,
  });

export default function LocationPage({ loaderData }: Route.ComponentProps) {
  const { status, zoneName } = loaderData;
  const site = useSite();
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <main>
      <PageHero eyebrow={t`Location & hours`} title={t`Find us`}>
        <p>
          <Trans>
            Easy to reach, with free parking while you wait. Drive in for a quick lube or drop the car off for a detail.
          </Trans>
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[1fr_1.3fr]">
        <div className="space-y-8">
          <section aria-labelledby="status-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="status-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <Clock aria-hidden className="size-6 text-brand-700" />
              <Trans>Opening hours</Trans>
            </h2>
            <p className="mt-4 flex flex-wrap items-center gap-3">
              <span
                className={`inline-flex items-center gap-2 rounded-full px-3 py-1 font-bold ${status.open ? "bg-green-100 text-green-900" : "bg-red-100 text-red-900"}`}
              >
                <span aria-hidden className={`size-2.5 rounded-full ${status.open ? "bg-green-600" : "bg-red-600"}`} />
                {status.open ? <Trans>Open now</Trans> : <Trans>Closed now</Trans>}
              </span>
              <span className="text-slate-700">{status.detail}</span>
            </p>
            <OpeningHoursList className="mt-4 text-slate-700" />
            <p className="mt-3 text-sm text-slate-600">
              <Trans>Times are local to the shop ({zoneName}).</Trans>
            </p>
          </section>
          <section aria-labelledby="address-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="address-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <MapPin aria-hidden className="size-6 text-brand-700" />
              <Trans>Address</Trans>
            </h2>
            <address className="mt-3 text-lg text-slate-700 not-italic">
              {site.name}
              <br />
              {site.address}
            </address>
            <div className="mt-4 flex flex-wrap gap-3">
              <a href={directionsHref(site)} rel="noopener" className={buttonClass({ size: "lg" })}>
                <Trans>Get directions</Trans>
              </a>
              <a
                href={telHref(site.phone)}
                className={`inline-flex items-center gap-2 ${buttonClass({ variant: "secondary", size: "lg" })}`}
              >
                <Phone aria-hidden className="size-4" />
                {site.phone}
              </a>
            </div>
          </section>
          <section aria-labelledby="arrive-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="arrive-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
              <Car aria-hidden className="size-6 text-brand-700" />
              <Trans>When you arrive</Trans>
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
              {ARRIVAL_NOTES.map((note) => (
                <li key={note.id}>{t(note)}</li>
              ))}
              <li>
                <Trans>Last wash starts 30 minutes before closing; oil changes until closing.</Trans>
              </li>
            </ul>
            <Link
              to={localePath("/contact")}
              className="mt-4 inline-block font-semibold text-brand-700 underline underline-offset-4"
            >
              <Trans>Book a slot to skip the wait</Trans>
            </Link>
          </section>
        </div>
        <section aria-labelledby="map-heading">
          <h2 id="map-heading" className="mb-4 text-xl font-bold text-slate-900">
            <Trans>Map</Trans>
          </h2>
          <LocationMap />
        </section>
      </div>
    </main>
  );
}
