import type { Messages } from "@lingui/core";
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
