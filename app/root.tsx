import "~/lib/zod-without-eval";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage, useRouteErrorStatus } from "~/components/error-page";
import { SiteStylesheet } from "~/components/layout/site-stylesheet";
import { ToastProvider } from "~/components/ui/toast";
import { businessToday } from "~/lib/business-date";
import { loadCatalog } from "~/lib/i18n/catalog.server";
import { LANGUAGE_TAG, localeOfPath } from "~/lib/i18n/locale";
import { LocaleProvider } from "~/lib/i18n/locale-provider";
import type { RootData } from "~/lib/root-data";
import stylesheetHref from "./app.css?url";

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const locale = localeOfPath(new URL(request.url).pathname);
  const [actor, messages] = await Promise.all([context.services.getActor(request.headers), loadCatalog(locale)]);
  return {
    site: context.site,
    // Absolute URLs (canonical, Open Graph, sitemap) use PUBLIC_URL, else the address asked for.
    origin: context.site.publicUrl ?? new URL(request.url).origin,
    user: actor && { name: actor.name, email: actor.email, role: actor.role },
    // Booking forms refuse dates before the business's today, not the visitor's.
    today: businessToday(context.site.timeZone),
    locale,
    messages,
  };
}

/** The catalog is the page's language's: asked for again only when a navigation changes language. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) || defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  // From the path, not the loader's data, so an error page has its language too.
  const lang = LANGUAGE_TAG[localeOfPath(useLocation().pathname)];
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2f55" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <SiteStylesheet href={stylesheetHref} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <LocaleProvider locale={loaderData.locale} messages={loaderData.messages}>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </LocaleProvider>
  );
}

export function ErrorBoundary({ loaderData }: Route.ErrorBoundaryProps) {
  const status = useRouteErrorStatus();
  // Without the root's data (its own loader failed) the page falls back to English's source texts.
  return (
    <LocaleProvider locale={loaderData?.locale ?? "en"} messages={loaderData?.messages ?? {}}>
      <ErrorPage status={status} />
    </LocaleProvider>
  );
}
