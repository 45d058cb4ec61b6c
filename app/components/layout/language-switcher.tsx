import { useLocation } from "react-router";
import { LANGUAGE_NAME, pathInLocale } from "~/lib/i18n/locale";
import { rememberLocale } from "~/lib/i18n/language-preference";
import { useLocale } from "~/lib/i18n/use-locale";

/**
 * The same page in the other language, named in that language. A whole-document load (the other
 * language's catalog comes with the page), and the choice is remembered for the offer.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const other = useLocale() === "es" ? "en" : "es";
  const { pathname, search, hash } = useLocation();
  return (
    <a
      href={`${pathInLocale(pathname, other)}${search}${hash}`}
      hrefLang={other}
      lang={other}
      onClick={() => rememberLocale(other)}
      className={className}
    >
      {LANGUAGE_NAME[other]}
    </a>
  );
}
