import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Trans, useLingui as useT } from "@lingui/react/macro";
import { Menu, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useSite } from "~/lib/use-site";
import { useSessionControls } from "~/lib/use-session-user";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { useHideOnScroll } from "./header-visibility";
import { LanguageSwitcher } from "./language-switcher";

/**
 * The header's links, in the specification's order (docs/specification-quirks.md §12). The same list renders in the
 * desktop bar and in the phone drawer, followed by the account entries (SessionLinks).
 */
const NAV_LINKS = [
  { to: "/", label: msg`HOME` },
  { to: "/about", label: msg`ABOUT US` },
  { to: "/pricing", label: msg`PRICING` },
  { to: "/contact", label: msg`CONTACT` },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 hover:text-accent-400 ${isActive ? "text-accent-400 underline decoration-2 underline-offset-8" : ""}`;

function NavLinks() {
  const { i18n } = useLingui();
  const localePath = useLocalePath();
  return (
    <>
      {NAV_LINKS.map(({ to, label }) => (
        <li key={to}>
          <NavLink to={localePath(to)} end={to === "/"} className={linkClass}>
            {i18n._(label)}
          </NavLink>
        </li>
      ))}
      <SessionLinks />
    </>
  );
}

/** LOGIN for visitors; DASHBOARD and LOGOUT once signed in (rendered on the server already). */
function SessionLinks() {
  const { user, loginLink, loggingOut, logout } = useSessionControls();
  const localePath = useLocalePath();
  if (!user) {
    return (
      <li>
        <NavLink to={localePath(loginLink)} className={linkClass}>
          <Trans>LOGIN</Trans>
        </NavLink>
      </li>
    );
  }
  return (
    <>
      <li>
        <NavLink to={localePath("/dashboard")} className={linkClass}>
          <Trans>DASHBOARD</Trans>
        </NavLink>
      </li>
      <li>
        <button
          type="button"
          onClick={() => logout()}
          disabled={loggingOut}
          className="block w-full rounded-md px-3 py-2 text-left font-semibold hover:text-accent-400 disabled:opacity-70"
        >
          {loggingOut ? <Trans>Logging out…</Trans> : <Trans>LOGOUT</Trans>}
        </button>
      </li>
    </>
  );
}

export function SiteHeader() {
  const site = useSite();
  const { t } = useT();
  const localePath = useLocalePath();
  const [menuOpen, setMenuOpen] = useState(false);
  const hidden = useHideOnScroll(menuOpen);
  return (
    <header
      data-hidden={hidden}
      // Keyboard focus inside the header brings it back, so a focused link is never hidden (WCAG 2.4.11).
      className={`sticky top-0 z-30 bg-brand-900 text-white shadow-md transition-transform duration-200 motion-reduce:transition-none focus-within:translate-y-0 ${hidden ? "-translate-y-full" : "translate-y-0"}`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link
          to={localePath("/")}
          aria-label={t`${site.name} home`}
          className="mr-auto flex items-center gap-2 text-lg font-extrabold tracking-tight whitespace-nowrap"
        >
          <img src="/favicon.svg" alt="" width={32} height={32} />
          {/* The full name does not fit beside the button and the menu on a phone. */}
          <span className="sm:hidden">{site.shortName}</span>
          <span className="hidden sm:inline">{site.name}</span>
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex gap-1 text-sm font-semibold">
            <NavLinks />
          </ul>
        </nav>
        <LanguageSwitcher className="hidden rounded-md px-3 py-2 text-sm font-semibold hover:text-accent-400 lg:block" />
        <Link
          to={localePath("/contact")}
          className="rounded-md bg-accent-400 px-4 py-2 text-sm font-bold whitespace-nowrap text-slate-900 hover:bg-accent-500"
        >
          <Trans>Book A Slot</Trans>
        </Link>
        <MobileMenu onOpenChange={setMenuOpen} />
      </div>
    </header>
  );
}

/** Focus goes to the close button this long after opening (specification: docs/specification-quirks.md §12). */
const CLOSE_FOCUS_DELAY_MS = 50;

/**
 * The phone menu: a native modal dialog, so the page behind is inert and Escape closes it
 * without any script of ours; we add the scroll lock, the delayed focus on the close button,
 * Tab wrapping at the ends, and focus back on the menu button when it closes.
 */
function MobileMenu({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const { t } = useT();
  const localePath = useLocalePath();

  useEffect(() => {
    dialog.current?.close();
  }, [pathname]);

  function open() {
    const drawer = dialog.current;
    if (!drawer || drawer.open) return;
    drawer.showModal();
    // showModal() would focus the close button at once; hold focus on the drawer itself so it
    // arrives after the specification's 50 ms, once (a second jump would undo a quick Tab).
    drawer.focus();
    document.documentElement.style.overflow = "hidden";
    onOpenChange(true);
    setTimeout(() => closeButton.current?.focus(), CLOSE_FOCUS_DELAY_MS);
  }

  /** The page behind is inert, but Tab past the last link would leave for the browser's own UI: wrap instead. */
  function wrapFocus(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const focusable = event.currentTarget.querySelectorAll<HTMLElement>("a[href], button");
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  function onClose() {
    document.documentElement.style.overflow = "";
    onOpenChange(false);
    menuButton.current?.focus();
  }

  return (
    <>
      <button
        ref={menuButton}
        type="button"
        onClick={open}
        aria-haspopup="dialog"
        className="-mr-2 rounded-md p-2 hover:bg-white/10 lg:hidden"
      >
        <Menu aria-hidden className="size-7" />
        <span className="sr-only">
          <Trans>Open menu</Trans>
        </span>
      </button>
      <dialog
        ref={dialog}
        tabIndex={-1}
        aria-label={t`Menu`}
        onClose={onClose}
        onKeyDown={wrapFocus}
        // A click on the backdrop lands on the dialog element itself.
        onClick={(e) => e.target === e.currentTarget && e.currentTarget.close()}
        className="drawer fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[86%] max-w-[360px] bg-brand-900 p-0 text-white shadow-2xl backdrop:bg-slate-950/60 lg:hidden"
      >
        <div className="flex h-full flex-col p-4">
          <div className="flex items-center justify-between">
            <p className="text-lg font-extrabold">
              <Trans>Menu</Trans>
            </p>
            <button
              ref={closeButton}
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md p-2 hover:bg-white/10"
            >
              <X aria-hidden className="size-7" />
              <span className="sr-only">
                <Trans>Close menu</Trans>
              </span>
            </button>
          </div>
          <nav aria-label="Main" className="mt-6">
            <ul className="space-y-1 text-lg font-semibold">
              <NavLinks />
            </ul>
          </nav>
          <LanguageSwitcher className="mt-4 block rounded-md px-3 py-2 text-lg font-semibold hover:text-accent-400" />
          <Link
            to={localePath("/contact")}
            className="mt-auto rounded-md bg-accent-400 px-4 py-3 text-center font-bold text-slate-900 hover:bg-accent-500"
          >
            <Trans>Book A Slot</Trans>
          </Link>
        </div>
      </dialog>
    </>
  );
}
