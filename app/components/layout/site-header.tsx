import { Link, NavLink } from "react-router";
import { useSite } from "~/features/site/use-site";
import { useSessionControls } from "~/features/users/use-session-user";

const NAV_LINKS = [
  { to: "/", label: "HOME" },
  { to: "/about", label: "ABOUT US" },
  { to: "/pricing", label: "PRICING" },
  { to: "/contact", label: "CONTACT" },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-block py-1.5 hover:text-accent-400 ${isActive ? "text-accent-400 underline underline-offset-8" : ""}`;

/** LOGIN for visitors; DASHBOARD and LOGOUT once signed in (rendered on the server already). */
function SessionLinks() {
  const { user, loginLink, loggingOut, logout } = useSessionControls();
  if (!user) {
    return (
      <li>
        <NavLink to={loginLink} className={linkClass}>
          LOGIN
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to="/dashboard" className={linkClass}>
          DASHBOARD
        </NavLink>
      </li>
      <li>
        <button type="button" onClick={() => logout()} disabled={loggingOut} className="py-1.5 font-semibold hover:text-accent-400 disabled:opacity-70">
          {loggingOut ? "Logging out…" : "LOGOUT"}
        </button>
      </li>
    </>
  );
}

export function SiteHeader() {
  const site = useSite();
  return (
    <header className="sticky top-0 z-30 border-b border-white/10 bg-brand-900 text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-extrabold tracking-tight">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {site.name}
        </Link>
        <Link
          to="/contact"
          className="order-2 rounded-md bg-accent-400 px-4 py-2 text-sm font-bold text-slate-900 hover:bg-accent-500 md:order-3"
        >
          Book A Slot
        </Link>
        <nav aria-label="Main" className="order-3 w-full md:order-2 md:w-auto">
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-semibold">
            {NAV_LINKS.map(({ to, label }) => (
              <li key={to}>
                <NavLink to={to} end={to === "/"} className={linkClass}>
                  {label}
                </NavLink>
              </li>
            ))}
            <SessionLinks />
          </ul>
        </nav>
      </div>
    </header>
  );
}
