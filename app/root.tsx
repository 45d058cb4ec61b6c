import "~/lib/zod-without-eval";
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage, useRouteErrorStatus } from "~/components/error-page";
import { SiteStylesheet } from "~/components/layout/site-stylesheet";
import { ToastProvider } from "~/components/ui/toast";
import { businessToday } from "~/lib/business-date";
import type { RootData } from "~/lib/root-data";
import stylesheetHref from "./app.css?url";

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const actor = await context.services.getActor(request.headers);
  return {
    site: context.site,
    // Absolute URLs (canonical, Open Graph, sitemap) use PUBLIC_URL, else the address asked for.
    origin: context.site.publicUrl ?? new URL(request.url).origin,
    user: actor && { name: actor.name, email: actor.email, role: actor.role },
    // Booking forms refuse dates before the business's today, not the visitor's.
    today: businessToday(context.site.timeZone),
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
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

export default function App() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

export function ErrorBoundary() {
  const status = useRouteErrorStatus();
  return <ErrorPage status={status} />;
}
