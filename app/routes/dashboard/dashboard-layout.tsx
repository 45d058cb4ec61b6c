import { Link, NavLink, Outlet, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard-layout";
import { ErrorPage, useRouteErrorStatus } from "~/components/error-page";
import { dashboardLinks } from "~/features/users/dashboard-links";
import { requirePageActor } from "~/features/users/page-access.server";
import { useLogout, useSessionUser } from "~/lib/use-session-user";
import { useSite } from "~/lib/use-site";

export async function loader(args: Route.LoaderArgs) {
  await requirePageActor(args);
  return null;
}

/** Every dashboard page shows an account's own or its customers' data: never stored, by any cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

function DashboardShell({ children }: { children: React.ReactNode }) {
  const site = useSite();
  const user = useSessionUser();
  const { loggingOut, logout } = useLogout();
  // Dashboard lists load on the server; while the next one loads, say so (specification: docs/decisions/008 §12).
  const navigation = useNavigation();
  return (
    <div className="min-h-dvh bg-slate-50 md:grid md:grid-cols-[15rem_1fr] print:block print:bg-white">
      <aside className="bg-brand-900 text-white md:min-h-dvh print:hidden">
        <div className="flex items-center justify-between gap-2 px-4 py-4 md:block">
          <Link to="/" className="flex items-center gap-2 font-extrabold">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {site.name}
          </Link>
          {user && (
            <p className="text-sm text-brand-100 md:mt-4">
              {user.name}
              <span className="ml-2 rounded bg-white/15 px-1.5 py-0.5 text-xs font-semibold uppercase">
                {user.role}
              </span>
            </p>
          )}
        </div>
        {user && (
          <nav aria-label="Dashboard" className="px-2 pb-4">
            <ul className="flex flex-wrap gap-1 md:flex-col">
              {dashboardLinks(user.role).map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-white text-brand-900" : "text-white hover:bg-white/10"}`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  onClick={() => logout("/login")}
                  disabled={loggingOut}
                  className="block w-full rounded-md px-3 py-2 text-left text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-70"
                >
                  {loggingOut ? "Logging out…" : "Logout"}
                </button>
              </li>
            </ul>
          </nav>
        )}
      </aside>
      <main className="relative min-w-0 px-4 py-8 md:px-8 print:p-0">
        {navigation.state === "loading" && (
          <img src="/loading.svg" alt="Loading…" width={48} height={48} className="absolute top-4 right-4" />
        )}
        {children}
      </main>
    </div>
  );
}

export default function DashboardLayout() {
  return (
    <DashboardShell>
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary() {
  const status = useRouteErrorStatus();
  return (
    <DashboardShell>
      <ErrorPage status={status} />
    </DashboardShell>
  );
}
