/**
 * The site's languages and where each lives: English at the root, Spanish under /es (decision 056).
 * Browser-safe and free of the i18n library, so the router, the sitemap and the server can use it.
 */
export const LOCALES = ["en", "es"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The language a path is in: /es and everything under it is Spanish. */
export function localeOfPath(pathname: string): Locale {
  return /^\/es(\/|$)/i.test(pathname) ? "es" : "en";
}

/** The same page in another language: /pricing ⇄ /es/pricing, / ⇄ /es. Query and hash are kept. */
export function pathInLocale(path: string, locale: Locale): string {
  const bare = path.replace(/^\/es(?=\/|$|\?|#)/i, "") || "/";
  if (locale === "en") return bare.startsWith("/") ? bare : `/${bare}`;
  return bare === "/" ? "/es" : /^\/[?#]/.test(bare) ? `/es${bare.slice(1)}` : `/es${bare}`;
}

/** The tag Intl and `<html lang>` take. */
export const LANGUAGE_TAG: Record<Locale, string> = { en: "en-US", es: "es-US" };

/** Each language's name in itself, for the switcher. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: "English", es: "Español" };
