import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { useSite } from "~/lib/use-site";
import { buttonClass } from "~/components/ui/button";

const PAGES = {
  404: {
    label: "404",
    title: "Page not found",
    text: "We couldn't find that page. It may have moved, or the package is no longer offered.",
  },
  403: {
    label: "403",
    title: "You don't have access to this page",
    text: "This part of the dashboard is for the team's administrators. If you think you should have access, ask an administrator.",
  },
  500: {
    label: "Error",
    title: "Something went wrong",
    text: "Please try again in a moment. If it keeps happening, give us a call.",
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
  const page = { ...(status === 404 || status === 403 ? PAGES[status] : PAGES[500]), ...words };
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
            <Link to="/" className={buttonClass({ size: "lg" })}>
              Go to the home page
            </Link>
            <Link to="/pricing" className={buttonClass({ variant: "secondary", size: "lg" })}>
              See our packages
            </Link>
          </>
        )}
      </div>
    </main>
  );
}
