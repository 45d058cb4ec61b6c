import { z } from "zod";
import { LOCALES } from "./i18n/locale";

/** What a request may say about the language: a locale missing is English. */
export const LOCALE_REFUSED = 'locale must be "en" or "es"';

/**
 * The customer's language for the e-mails of what they book or buy (issue 49): the pages under /es
 * send "es"; absent, it is a signed-in member's setting, else English.
 */
export const localeField = z
  .enum(LOCALES, { message: LOCALE_REFUSED })
  .optional()
  .describe('The customer\'s language for their e-mails: "en" (English, the default) or "es" (Spanish)');
