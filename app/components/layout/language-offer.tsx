import { X } from "lucide-react";
import { useState } from "react";
import { useLocation } from "react-router";
import { pathInLocale, type Locale } from "~/lib/i18n/locale";
import { languageToOffer, rememberLocale } from "~/lib/i18n/language-preference";
import { useLocale } from "~/lib/i18n/use-locale";

/** Written in the language offered, which is not the page's (so not from the page's catalog). */
const OFFER_TEXT: Record<Locale, { label: string; text: string; go: string; dismiss: string }> = {
  es: { label: "Idioma", text: "Esta página también está en español.", go: "Ver en español", dismiss: "No, gracias" },
  en: { label: "Language", text: "This page is also in English.", go: "View in English", dismiss: "No, thanks" },
};

/**
 * Offers the page in the visitor's language when it is the other one: their remembered choice, else
 * their browser's languages (what it sends as Accept-Language). Never a redirect (search engines and
 * shared links keep their page), and decided in the browser so every visitor's copy of a page stays
 * the same (server/page-cache.ts). A bar fixed at the bottom, so the page does not move for it.
 */
export function LanguageOffer() {
  const locale = useLocale();
  const { pathname, search } = useLocation();
  const [dismissed, setDismissed] = useState(false);
  // Rendered only in the browser (language-offer-after-load.tsx): the server's copy is every visitor's.
  const offer = dismissed ? undefined : languageToOffer(locale, document.cookie, navigator.languages);
  if (!offer) return null;
  const words = OFFER_TEXT[offer];
  const dismiss = () => {
    rememberLocale(locale);
    setDismissed(true);
  };
  return (
    <aside
      lang={offer}
      aria-label={words.label}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-brand-700 bg-brand-900 px-4 py-3 text-white shadow-2xl"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3">
        <p className="mr-auto">{words.text}</p>
        <a
          href={`${pathInLocale(pathname, offer)}${search}`}
          hrefLang={offer}
          onClick={() => rememberLocale(offer)}
          className="rounded-md bg-accent-400 px-4 py-2 font-bold whitespace-nowrap text-slate-900 hover:bg-accent-500"
        >
          {words.go}
        </a>
        <button type="button" onClick={dismiss} className="rounded-md p-2 hover:bg-white/10">
          <X aria-hidden className="size-5" />
          <span className="sr-only">{words.dismiss}</span>
        </button>
      </div>
    </aside>
  );
}
