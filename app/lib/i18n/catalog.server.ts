import { setupI18n, type I18n, type Messages } from "@lingui/core";
import type { Locale } from "./locale";

/**
 * A language's compiled messages, read on the server only: the root loader hands them to the page
 * (in its data, so no catalog is part of the JavaScript), and a page carries its own language's
 * catalog, never the other's. Each is a dynamic import so the server loads it once, on first use.
 */
const CATALOGS: Record<Locale, () => Promise<{ messages: Messages }>> = {
  en: () => import("../../locales/en.po"),
  es: () => import("../../locales/es.po"),
};

export async function loadCatalog(locale: Locale): Promise<Messages> {
  return (await CATALOGS[locale]()).messages;
}

/** An i18n instance of a language for a loader, which gives the page texts it keeps on the server. */
export async function loaderI18n(locale: Locale): Promise<I18n> {
  return setupI18n({ locale, messages: { [locale]: await loadCatalog(locale) } });
}
