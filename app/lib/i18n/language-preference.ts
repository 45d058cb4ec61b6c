import { LOCALES, type Locale } from "./locale";

/**
 * The visitor's language choice, remembered in a cookie of its own (a year): set by the switcher and
 * by the offer's buttons, read in the browser only. Pages never vary by it, so the server's page
 * cache and shared caches keep one copy of each page per address (server/page-cache.ts).
 */
export const LANGUAGE_COOKIE = "carwash.lang";
const YEAR_SECONDS = 365 * 24 * 60 * 60;

export function rememberLocale(locale: Locale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`;
}

/** The choice in a Cookie header, if one of ours. */
export function chosenLocale(cookieHeader: string): Locale | undefined {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE.replace(".", "\\.")}=([a-z]+)`).exec(cookieHeader)?.[1];
  return LOCALES.find((locale) => locale === value);
}

/**
 * The language to offer a visitor on a page in `pageLocale`, if any: their remembered choice, else the
 * first of the browser's languages (what it sends as Accept-Language) that the site has.
 */
export function languageToOffer(pageLocale: Locale, cookieHeader: string, browserLanguages: readonly string[]) {
  const preferred =
    chosenLocale(cookieHeader) ??
    browserLanguages
      .map((tag) => tag.slice(0, 2).toLowerCase())
      .find((l): l is Locale => LOCALES.includes(l as Locale));
  return preferred && preferred !== pageLocale ? preferred : undefined;
}
