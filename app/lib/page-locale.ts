import { localeOfPath, type Locale } from "./i18n/locale";

/**
 * The language of the page a browser's API call comes from (issue 49): sent by apiFetch from a
 * Spanish page, so the API can answer its errors in that language even for a call with no body.
 */
export const PAGE_LANGUAGE_HEADER = "X-Page-Language";

/** The header a call from a Spanish page carries (none from an English page). */
export function pageLanguageHeaders(locale: Locale = pageLocale()): Record<string, string> {
  return locale === "en" ? {} : { [PAGE_LANGUAGE_HEADER]: locale };
}

/** The calls that store the customer's language with what they book (their e-mails are written in it). */
const STORES_LOCALE = new Set(["/api/bookings", "/api/waitlist"]);

export function pageLocale(): Locale {
  return typeof window === "undefined" ? "en" : localeOfPath(window.location.pathname);
}

/**
 * A booking or waitlist request from a Spanish page says so (`locale: "es"`), unless it names a
 * language itself; from an English page it says nothing, so a member's own setting applies.
 */
export function withPageLocale(path: string, method: string | undefined, json: unknown, locale: Locale): unknown {
  const storesLocale = STORES_LOCALE.has(path) && (method ?? "GET").toUpperCase() === "POST";
  if (!storesLocale || locale === "en" || typeof json !== "object" || json === null || Array.isArray(json)) return json;
  return { locale, ...json };
}
