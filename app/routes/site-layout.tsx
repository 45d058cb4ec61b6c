import { Trans, useLingui } from "@lingui/react/macro";
import { data, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/site-layout";
import { ErrorPage, useRouteErrorStatus } from "~/components/error-page";
import { SiteFooter } from "~/components/layout/site-footer";
import { LanguageOfferAfterLoad } from "~/components/layout/language-offer-after-load";
import { SiteHeader } from "~/components/layout/site-header";
import { SERVICES, serviceHref } from "~/features/offerings/service-catalogue";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { jsonForScript, localBusinessJsonLd } from "~/features/site/structured-data";
import { hasSessionCookie } from "~/lib/session-cookie";
import { openingPeriods } from "~/features/bookings/shop-hours";
import { useSiteLayoutData } from "~/lib/i18n/route-id";

/**
 * A visitor's public page carries no personal data, so shared caches may keep it but must
 * revalidate (cheap: the server answers 304 by ETag). With a session cookie the header shows
 * the account's links, so that page is the browser's alone and never stored.
 */
const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";
const PERSONAL_PAGE_CACHE_CONTROL = "private, no-store";
// Every service the shop sells, as the home page lists them (the engine clean's link goes to the price list).
const SERVICE_LINKS = SERVICES.map((s) => ({ to: serviceHref(s), label: catalogueName(s.name) }));

/** Structured data is built on the server, so its code never ships to the browser. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const origin = context.site.publicUrl ?? new URL(request.url).origin;
  const personal = hasSessionCookie(request.headers.get("Cookie"));
  // Booking Settings' hours (kept per process until a save): the footer, /location and the structured data.
  const [shop, rating] = await Promise.all([
    context.services.bookingSettings.shopHours(),
    // Published reviews only (kept per process until one is published, hidden or answered).
    context.services.reviews.summary(),
  ]);
  const hours = openingPeriods(shop);
  return data(
    { hours, jsonLd: jsonForScript(localBusinessJsonLd(context.site, origin, rating, hours)) },
    { headers: { "Cache-Control": personal ? PERSONAL_PAGE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL } },
  );
}

/** The business facts do not change between navigations. */
export const shouldRevalidate = () => false;

export function headers({ loaderHeaders }: Route.HeadersArgs): HeadersInit {
  return { "Cache-Control": loaderHeaders.get("Cache-Control") ?? PERSONAL_PAGE_CACHE_CONTROL, Vary: "Cookie" };
}

function SiteShell({ children }: { children: React.ReactNode }) {
  const jsonLd = (useSiteLayoutData() as { jsonLd?: string } | undefined)?.jsonLd;
  // While the next page's data loads (the catalogue on a slow connection), a bar shows it is on its way.
  const loading = useNavigation().state === "loading";
  const { t } = useLingui();
  return (
    <>
      {loading && (
        <div
          role="progressbar"
          aria-label={t`Loading page`}
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-400"
        />
      )}
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:p-3 focus:text-slate-900"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SiteHeader />
      <div id="main" tabIndex={-1} className="outline-none">
        {children}
      </div>
      <SiteFooter serviceLinks={SERVICE_LINKS} />
      <LanguageOfferAfterLoad />
      {jsonLd && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />}
    </>
  );
}

export default function SiteLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Not-found and error pages keep the header and footer, so the visitor can find their way on. */
export function ErrorBoundary() {
  const status = useRouteErrorStatus();
  return (
    <SiteShell>
      <ErrorPage status={status} />
    </SiteShell>
  );
}
