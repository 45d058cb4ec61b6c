import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { useSite } from "~/lib/use-site";
import { buttonClass } from "~/components/ui/button";

const PAGES = {
  404: {
    label: "404",
    title: msg`Page not found`,
    text: msg`We couldn't find that page. It may have moved, or the package is no longer offered.`,
  },
  403: {
    label: "403",
    title: msg`You don't have access to this page`,
    text: msg`This part of the dashboard is for the team's administrators. If you think you should have access, ask an administrator.`,
  },
  500: {
    label: msg`Error`,
    title: msg`Something went wrong`,
    text: msg`Please try again in a moment. If it keeps happening, give us a call.`,
  },
} as const;

/** The HTTP status of the error a route boundary caught; unexpected errors (500) are logged. */
export function useRouteErrorStatus(): number {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  return status;
}

/**
 * Not-found, forbidden and error pages; they stand without data so they work even when a loader failed.
 * A route may say what its own failure means (`title`, `text`) and where to go from there (`actions`).
 */
export function ErrorPage({
  status,
  actions,
  ...words
}: {
  status: number;
  title?: string;
  text?: string;
  actions?: React.ReactNode;
}) {
  const site = useSite();
  const { t } = useLingui();
  const localePath = useLocalePath();
  const standard = status === 404 || status === 403 ? PAGES[status] : PAGES[500];
  const label = typeof standard.label === "string" ? standard.label : t(standard.label);
  const page = { label, title: t(standard.title), text: t(standard.text), ...words };
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${page.title} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{page.label}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{page.title}</h1>
      <p className="mt-4 text-slate-600">{page.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {actions ?? (
          <>
            <Link to={localePath("/")} className={buttonClass({ size: "lg" })}>
              <Trans>Go to the home page</Trans>
            </Link>
            <Link to={localePath("/pricing")} className={buttonClass({ variant: "secondary", size: "lg" })}>
              <Trans>See our packages</Trans>
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
