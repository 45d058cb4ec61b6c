import { Link } from "react-router";
import { useSite } from "~/features/site/use-site";

/** The not-found and error pages; they stand without the site layout so they work even when it fails. */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  const site = useSite();
  const title = notFound ? "Page not found" : "Something went wrong";
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${title} | ${site.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="text-sm font-semibold tracking-widest text-brand-700 uppercase">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? "We couldn't find that page. It may have moved, or the package is no longer offered."
          : "Please try again in a moment. If it keeps happening, give us a call."}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link to="/pricing" className="rounded-md border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
          See our packages
        </Link>
      </div>
    </main>
  );
}
