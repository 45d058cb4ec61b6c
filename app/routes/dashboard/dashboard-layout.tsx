import { Trans, useLingui } from "@lingui/react/macro";
import { House, MenuIcon, X } from "lucide-react";
import { useRef, useState } from "react";
import { Link, NavLink, Outlet, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard-layout";
import { ErrorPage, useRouteErrorStatus } from "~/components/error-page";
import { LanguageSwitcher } from "~/components/layout/language-switcher";
import {
  DASHBOARD_HOME,
  dashboardLinks,
  dashboardPathIn,
  MEMBER_PAGES_IN_SPANISH,
  SITE_HOME,
} from "~/features/users/dashboard-links";
import { dashboardLinkLabel } from "~/features/users/member-link-labels";
import { requirePageActor } from "~/features/users/page-access.server";
import { actorCan } from "~/lib/access";
import { localeOfPath, pathInLocale } from "~/lib/i18n/locale";
import { useLocale } from "~/lib/i18n/use-locale";
import { useLogout, useSessionUser } from "~/lib/use-session-user";
import { useSite } from "~/lib/use-site";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePageActor(args);
  // The Spanish twins are a member's pages (decision 059): the team's dashboard, their own pages
  // included, is English, so a team account opening one is sent to its English page.
  const url = new URL(args.request.url);
  if (localeOfPath(url.pathname) === "es" && actorCan(actor, "desk"))
    throw redirect(`${pathInLocale(url.pathname, "en")}${url.search}`);
  return null;
}

/** Every dashboard page shows an account's own or its customers' data: never stored, by any cache. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const DASHBOARD_NAV_ID = "dashboard-nav";

/**
 * The menu button over the dashboard links on phones and tablets (lg and wider show them always:
 * a tablet gets the whole width for the board). Open belongs to the page it was opened on, so any
 * navigation closes it, with no effect to run.
 */
function useDashboardMenu() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  return { open, toggle: () => setOpenOn(open ? null : key), close: () => setOpenOn(null) };
}

function DashboardShell({ children }: { children: React.ReactNode }) {
  const site = useSite();
  const user = useSessionUser();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const linkTo = (to: string) => dashboardPathIn(locale, to);
  // A member's page names its twin in the other language; the team's dashboard has none.
  const twinned = MEMBER_PAGES_IN_SPANISH.includes(pathInLocale(useLocation().pathname, "en").replace(/\/$/, ""));
  const { loggingOut, logout } = useLogout();
  const menu = useDashboardMenu();
  const menuButton = useRef<HTMLButtonElement>(null);
  function closeOnEscape(event: React.KeyboardEvent) {
    if (!menu.open || event.key !== "Escape") return;
    menu.close();
    menuButton.current?.focus();
  }
  // Dashboard lists load on the server; while the next one loads, say so (specification: docs/specification-quirks.md §12).
  const navigation = useNavigation();
  return (
    <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[15rem_1fr] print:block print:bg-white">
      <aside className="bg-brand-900 text-white lg:min-h-dvh print:hidden">
        {/* On a phone the Menu button sits beside the name, so the signed-in line wraps below both. */}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 lg:block lg:py-4">
          {/* The logo is the way back to the desk (an admin's) or the member's home, as Home in the menu. */}
          <Link to={linkTo(DASHBOARD_HOME)} className="mr-auto flex items-center gap-2 font-extrabold">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            {site.name}
          </Link>
          {user && (
            <>
              <button
                ref={menuButton}
                type="button"
                aria-expanded={menu.open}
                aria-controls={DASHBOARD_NAV_ID}
                onClick={menu.toggle}
                className="flex items-center gap-2 rounded-md border border-white/40 px-3 py-2 text-sm font-semibold hover:bg-white/10 lg:hidden"
              >
                {menu.open ? <X aria-hidden className="size-5" /> : <MenuIcon aria-hidden className="size-5" />}
                <Trans>Menu</Trans>
              </button>
              <p className="basis-full text-sm text-brand-100 lg:mt-4">
                {user.name}
                <span className="ml-2 rounded bg-white/15 px-1.5 py-0.5 text-xs font-semibold uppercase">
                  {user.role === "member" ? t`member` : user.role}
                </span>
              </p>
              {user.role === "member" && twinned && (
                <LanguageSwitcher className="text-sm font-semibold text-white underline underline-offset-4 lg:mt-2 lg:inline-block" />
              )}
            </>
          )}
        </div>
        {user && (
          <nav
            id={DASHBOARD_NAV_ID}
            aria-label={t`Dashboard`}
            onKeyDown={closeOnEscape}
            className={`px-2 pb-4 lg:block ${menu.open ? "" : "hidden"}`}
          >
            <ul className="flex flex-col gap-1">
              {dashboardLinks(user.role).map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={linkTo(link.to)}
                    hrefLang={locale === "es" && linkTo(link.to) === link.to ? "en" : undefined}
                    end
                    className={({ isActive }) =>
                      `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-white text-brand-900" : "text-white hover:bg-white/10"}`
                    }
                  >
                    {dashboardLinkLabel(i18n, link.label)}
                  </NavLink>
                </li>
              ))}
              {/* Leaving the dashboard is a link of its own, set apart: the specification's Home link. */}
              <li className="mt-2 border-t border-white/20 pt-2">
                <Link
                  to={linkTo(SITE_HOME.to)}
                  className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold text-white hover:bg-white/10"
                >
                  {dashboardLinkLabel(i18n, SITE_HOME.label)}
                  <House aria-hidden className="size-4" />
                </Link>
              </li>
              <li>
                <button
                  type="button"
                  onClick={() => logout(pathInLocale("/login", locale))}
                  disabled={loggingOut}
                  className="block w-full rounded-md px-3 py-2 text-left text-sm font-semibold text-white hover:bg-white/10 disabled:opacity-70"
                >
                  {loggingOut ? t`Logging out…` : t`Logout`}
                </button>
              </li>
            </ul>
          </nav>
        )}
      </aside>
      <main className="relative min-w-0 px-4 py-8 lg:px-8 print:p-0">
        {navigation.state === "loading" && (
          <img src="/loading.svg" alt={t`Loading…`} width={48} height={48} className="absolute top-4 right-4" />
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
