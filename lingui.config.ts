import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

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
      exclude: ["**/node_modules/**", "**/*.test.ts", "**/*.test.tsx"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
