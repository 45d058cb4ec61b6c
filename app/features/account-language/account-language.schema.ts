import { z } from "zod";
import { LOCALES } from "~/lib/i18n/locale";
import { LOCALE_REFUSED } from "~/lib/locale-field";

/** A member's language (issue 49): their account's e-mails, and their bookings' when a page names none. */
export const accountLanguageSchema = z.object({
  locale: z.enum(LOCALES).describe('"en" (English) or "es" (Spanish)'),
});
export type AccountLanguage = z.infer<typeof accountLanguageSchema>;

export const accountLanguageChangeSchema = z.object({ locale: z.enum(LOCALES, { message: LOCALE_REFUSED }) }).strict();
