import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/** Where the e-mails' messages are written: the mail layout and each feature's *-emails.ts and *-email-words.ts. */
const MAIL_SOURCES = [
  "<rootDir>/app/.server/mail/**/*.ts",
  "<rootDir>/app/features/*/*-email*.ts",
  // The API's messages a customer's page shows: the server's words too, in the same catalog.
  "<rootDir>/app/.server/api-messages/*.ts",
];

/**
 * The customer's side of the site in English (the source: the specification's texts) and Spanish
 * (decision 056). One catalog per language, loaded for the page's language only
 * (app/lib/i18n/catalog.server.ts); staff pages stay English and are not extracted.
 */
export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  // A Spanish message missing from its catalog is an error of `npm run i18n:check`, never English on the page.
  fallbackLocales: false,
  catalogs: [
    {
      path: "<rootDir>/app/locales/{locale}",
      include: ["<rootDir>/app"],
      exclude: ["**/node_modules/**", "**/*.test.ts", "**/*.test.tsx", ...MAIL_SOURCES],
    },
    // The customer e-mails' words: a catalog of their own, so e-mail and page work never touch one
    // file (app/.server/mail/mail-i18n.ts; decision 057).
    {
      path: "<rootDir>/app/.server/mail/locales/{locale}",
      include: MAIL_SOURCES,
      exclude: ["**/*.test.ts"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
