import { setupI18n, type I18n } from "@lingui/core";
import { pathInLocale, type Locale } from "~/lib/i18n/locale";
import { lineLabelIn, type LineKind, type LineWords } from "~/lib/price-lines";
// Compiled from locales/{en,es}.po (scripts/mail-catalogs.ts): plain modules every runner loads.
import { messages as en } from "./locales/en";
import { messages as es } from "./locales/es";

/**
 * The customer e-mails' words in the customer's language (issue 49, decision 057).
 * Their own catalog (lingui.config.ts's second one: app/.server/mail/locales), so the pages' catalogs
 * are never touched by e-mail work. No macro: templates call `i18n._("English text {name}", { name })`,
 * which `lingui extract` finds as it is, and which the server bundle (esbuild, no Babel) runs as it is.
 * Both languages are loaded once per process: an e-mail is written in whichever its customer reads.
 */
const INSTANCES: Record<Locale, I18n> = {
  en: setupI18n({ locale: "en", messages: { en } }),
  es: setupI18n({ locale: "es", messages: { es } }),
};

/** The i18n of a customer's e-mail: Spanish for "es", else English (a message stored before issue 49 names none). */
export function mailI18n(locale: string | null | undefined): I18n {
  return locale === "es" ? INSTANCES.es : INSTANCES.en;
}

/** The language an e-mail's stored data names: English when it names none (stored before issue 49). */
export function mailLocale(locale: string | null | undefined): Locale {
  return locale === "es" ? "es" : "en";
}

/** An e-mail's language and its words: what every customer e-mail is written with. */
export interface MailWords {
  locale: Locale;
  i18n: I18n;
}

/** The words of an e-mail in the language its data names (English when none); the team's are ENGLISH. */
export function wordsFor(locale: string | null | undefined): MailWords {
  return { locale: mailLocale(locale), i18n: mailI18n(locale) };
}
export const ENGLISH: MailWords = wordsFor("en");

/** "Hi Ann," / "Hola, Ann:"; "Hi there," / "Hola:" without a name. */
export const greeting = ({ i18n }: MailWords, name: string) =>
  name ? i18n._("Hi {name},", { name }) : i18n._("Hi there,");

/**
 * A link of the site in the e-mail's language: /booking/manage/… is /es/booking/manage/… in a
 * Spanish e-mail. Addresses elsewhere (a map, a phone) stay as they are.
 */
export function siteLink({ locale }: MailWords, href: string, publicUrl: string): string {
  if (locale === "en" || !href.startsWith(publicUrl)) return href;
  const rest = href.slice(publicUrl.length);
  return rest === "" || /^[/?#]/.test(rest) ? `${publicUrl}${pathInLocale(rest || "/", locale)}` : href;
}

/** The six services by their names in the customer's language; packages keep the names the shop gave them. */
export function serviceWords({ i18n }: MailWords, service: string): string {
  const names: Record<string, () => string> = {
    "Hand Wash": () => i18n._("Hand Wash"),
    "Interior Clean": () => i18n._("Interior Clean"),
    Wax: () => i18n._("Wax"),
    "Full Detail": () => i18n._("Full Detail"),
    "Oil Change": () => i18n._("Oil Change"),
    "Engine Clean": () => i18n._("Engine Clean"),
  };
  return names[service]?.() ?? service;
}

/** A priced line's parts in the e-mail's language (~/lib/price-lines.ts): the service, the oil, the club, WASH5. */
function priceLineWords(words: MailWords): LineWords {
  const { i18n } = words;
  return {
    service: (name) => serviceWords(words, name),
    oil: (oil) => i18n._("{oil} oil", { oil }),
    club: (plan) => i18n._("Wash Club ({plan}): covered", { plan }),
    promo: (code, percent) => i18n._("{code} ({percent}% off)", { code, percent }),
  };
}

/** A stored priced line's label as the customer reads it: English as stored, else in their language. */
export function lineText(words: MailWords, line: { kind?: LineKind; label: string }): string {
  return words.locale === "en" ? line.label : lineLabelIn(priceLineWords(words), line);
}
