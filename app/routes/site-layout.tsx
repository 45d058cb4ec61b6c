import { isRouteErrorResponse, Outlet, useRouteError, useRouteLoaderData } from "react-router";

import { ErrorPage } from "~/components/error-page";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { jsonForScript, localBusinessJsonLd } from "~/features/site/structured-data";
import { useSite } from "~/features/site/use-site";
import type { loader as rootLoader } from "~/root";

/**
 * Public pages carry no personal data yet, so shared caches may keep them but must revalidate
 * (cheap: the server answers 304 by ETag). Pages that show a signed-in user must send
 * `private, no-store` from their own `headers`, which takes precedence over this one.
 */
const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";

export function headers(): HeadersInit {
  return { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL, Vary: "Cookie" };
}

function SiteShell({ children }: { children: React.ReactNode }) {
  const site = useSite();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:p-3 focus:text-slate-900">
        Skip to content
      </a>
      <SiteHeader />
      <div id="main" tabIndex={-1} className="outline-none">
        {children}
      </div>
      <SiteFooter />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(localBusinessJsonLd(site, origin)) }} />
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
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <SiteShell>
      <ErrorPage notFound={notFound} />
    </SiteShell>
  );
}

