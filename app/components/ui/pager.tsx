import { Trans } from "@lingui/react/macro";
import { Link, useLocation } from "react-router";

/** Previous/next links that keep the rest of the query (search terms). */
export function Pager({ page, total, size, label }: { page: number; total: number; size: number; label: string }) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  const linkClass =
    "rounded-md border border-slate-300 bg-white px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-50";
  return (
    <nav aria-label={label} className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} className={linkClass}>
          <Trans>Previous</Trans>
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-700">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <Link to={to(page + 1)} className={linkClass}>
          <Trans>Next</Trans>
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
