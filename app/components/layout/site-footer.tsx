import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useT } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { MessageCircle } from "lucide-react";
import { Link } from "react-router";
import { formatPeriod, periodDays } from "~/lib/opening-hours";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";
import { useOpeningHours } from "~/lib/use-opening-hours";
import { socialLinks, telHref, whatsappHref } from "~/lib/site-config";
import { useSite } from "~/lib/use-site";
import { useSessionControls } from "~/lib/use-session-user";
import { LanguageSwitcher } from "./language-switcher";
import { SOCIAL_LABELS, SocialIcon } from "./social-icon";

const COMPANY_LINKS = [
  { to: "/about", label: msg`About us` },
  { to: "/pricing", label: msg`Pricing` },
  { to: "/location", label: msg`Location & hours` },
  { to: "/reviews", label: msg`Reviews` },
  { to: "/hotels", label: msg`Hotel partners` },
  { to: "/contact", label: msg`Contact` },
] as const;

export interface FooterLink {
  to: string;
  /** A service's name stays as the shop wrote it; the footer's own links are messages. */
  label: string | MessageDescriptor;
}

/** `serviceLinks` come from the route, as components know no feature. */
export function SiteFooter({ serviceLinks }: { serviceLinks: readonly FooterLink[] }) {
  const site = useSite();
  const hours = useOpeningHours();
  const social = socialLinks(site);
  const locale = useLocale();
  const { t } = useT();
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">
            <Trans>Hand car wash, detailing and quick lube. Done by hand, done right.</Trans>
          </p>
          <a
            href={whatsappHref(site)}
            rel="noopener"
            className="mt-4 inline-flex items-center gap-2 rounded-md bg-green-700 px-4 py-2.5 text-sm font-bold text-white hover:bg-green-800"
          >
            <MessageCircle aria-hidden className="size-5" />
            <Trans>Book on WhatsApp</Trans>
          </a>
          {social.length > 0 && (
            <ul className="mt-5 flex gap-3" aria-label={t`Follow us`}>
              {social.map(({ network, url }) => (
                <li key={network}>
                  <a
                    href={url}
                    rel="noopener me"
                    className="block rounded-md p-1.5 text-slate-300 hover:bg-white/10 hover:text-white"
                  >
                    <SocialIcon network={network} />
                    <span className="sr-only">{t`${site.name} on ${SOCIAL_LABELS[network]}`}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <FooterLinks title={t`Services`} links={serviceLinks} />
        <FooterLinks title={t`Company`} links={COMPANY_LINKS}>
          <FooterSessionLink />
        </FooterLinks>
        <div>
          <h2 className="text-sm font-bold tracking-wider text-white uppercase">
            <Trans>Visit us</Trans>
          </h2>
          <address className="mt-3 text-sm not-italic">
            {site.address}
            <br />
            <a
              href={telHref(site.phone)}
              className="inline-block py-1 underline-offset-4 hover:text-white hover:underline"
            >
              {site.phone}
            </a>
          </address>
          <ul className="mt-2 text-sm">
            {hours.map((h) => (
              <li key={h.label}>
                {periodDays(h, locale)}: {formatPeriod(h, locale)}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="flex items-center justify-center gap-4 border-t border-white/10 py-4 text-xs text-slate-400">
        <p>
          © {new Date().getFullYear()} {site.name}
        </p>
        <LanguageSwitcher className="inline-block py-1 text-slate-300 underline underline-offset-4 hover:text-white" />
      </div>
    </footer>
  );
}

/** Login for visitors; Logout (to /login, 'Logging out…' while it runs) for signed-in users. */
function FooterSessionLink() {
  const { user, loginLink, loggingOut, logout } = useSessionControls();
  const localePath = useLocalePath();
  if (!user) {
    return (
      <li>
        <Link to={localePath(loginLink)} className="hover:text-white">
          <Trans>Login</Trans>
        </Link>
      </li>
    );
  }
  return (
    <li>
      <button
        type="button"
        onClick={() => logout(localePath("/login"))}
        disabled={loggingOut}
        className="hover:text-white disabled:opacity-70"
      >
        {loggingOut ? <Trans>Logging out…</Trans> : <Trans>Logout</Trans>}
      </button>
    </li>
  );
}

function FooterLinks({
  title,
  links,
  children,
}: {
  title: string;
  links: readonly FooterLink[];
  children?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const localePath = useLocalePath();
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-bold tracking-wider text-white uppercase">{title}</h2>
      <ul className="mt-3 space-y-0.5 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link
              to={localePath(l.to)}
              className="inline-block py-1 underline-offset-4 hover:text-white hover:underline"
            >
              {typeof l.label === "string" ? l.label : i18n._(l.label)}
            </Link>
          </li>
        ))}
        {children}
      </ul>
    </nav>
  );
}
