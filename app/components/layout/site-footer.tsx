import { Link } from "react-router";
import { OPENING_HOURS, telHref } from "~/features/site/site-config";
import { useSite } from "~/features/site/use-site";
import { useSessionControls } from "~/features/users/use-session-user";

export const SERVICE_LINKS = [
  { to: "/services/hand-wash", label: "Hand Wash" },
  { to: "/services/interior-clean", label: "Interior & Deep Clean" },
  { to: "/services/express-wax", label: "Express Wax" },
  { to: "/services/full-detail", label: "Full Detail" },
  { to: "/services/oil-change", label: "Oil Change & Quick Lube" },
] as const;

const COMPANY_LINKS = [
  { to: "/about", label: "About us" },
  { to: "/pricing", label: "Pricing" },
  { to: "/location", label: "Location & hours" },
  { to: "/reviews", label: "Reviews" },
  { to: "/hotels", label: "Hotel partners" },
  { to: "/contact", label: "Contact" },
] as const;

export function SiteFooter() {
  const site = useSite();
  const whatsapp = `https://wa.me/${site.whatsapp}?text=${encodeURIComponent(`Hi ${site.name}, I'd like to book a wash.`)}`;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">Hand car wash, detailing and quick lube. Done by hand, done right.</p>
          <a
            href={whatsapp}
            className="mt-4 inline-block rounded-md bg-green-700 px-4 py-2 text-sm font-bold text-white hover:bg-green-800"
            rel="noopener"
          >
            Book on WhatsApp
          </a>
        </div>
        <FooterLinks title="Services" links={SERVICE_LINKS} />
        <FooterLinks title="Company" links={COMPANY_LINKS}>
          <FooterSessionLink />
        </FooterLinks>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">Visit us</h2>
          <address className="mt-3 text-sm not-italic">
            {site.address}
            <br />
            <a href={telHref(site.phone)} className="hover:text-white">
              {site.phone}
            </a>
          </address>
          <ul className="mt-3 text-sm">
            {OPENING_HOURS.map((h) => (
              <li key={h.days}>
                {h.days}: {h.opens}–{h.closes}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {site.name}
      </p>
    </footer>
  );
}

/** Login for visitors; Logout (to /login, 'Logging out…' while it runs) for signed-in users. */
function FooterSessionLink() {
  const { user, loginLink, loggingOut, logout } = useSessionControls();
  if (!user) {
    return (
      <li>
        <Link to={loginLink} className="hover:text-white">
          Login
        </Link>
      </li>
    );
  }
  return (
    <li>
      <button type="button" onClick={() => logout("/login")} disabled={loggingOut} className="hover:text-white disabled:opacity-70">
        {loggingOut ? "Logging out…" : "Logout"}
      </button>
    </li>
  );
}

function FooterLinks({ title, links, children }: { title: string; links: readonly { to: string; label: string }[]; children?: React.ReactNode }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-1.5 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className="hover:text-white">
              {l.label}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
