/**
 * The e-mails' catalogs (app/.server/mail/locales/{en,es}.po) compiled into TypeScript modules beside
 * them, which app/.server/mail/mail-i18n.ts imports. Every way the server's code runs can load
 * those (the esbuild bundle, vitest, and tsx for the scripts and test processes), where a `.po`
 * import needed a bundler plugin in each (decision 057). `npm run i18n:extract` writes them;
 * app/.server/mail/mail-catalog.test.ts fails when one is not what its `.po` compiles to.
 * `tsx scripts/mail-catalogs.ts` writes them alone.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createCompiledCatalog, getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";

const root = path.resolve(import.meta.dirname, "..");
export const MAIL_LOCALES = ["en", "es"] as const;
export const compiledMailCatalogFile = (locale: string) => path.join(root, `app/.server/mail/locales/${locale}.ts`);

/** Each language's module, as it should be on disk; a message without a translation is an error. */
export async function compileMailCatalogs(): Promise<Record<(typeof MAIL_LOCALES)[number], string>> {
  const config = getConfig({ cwd: root });
  const catalog = (await getCatalogs(config)).find((c) => c.path.includes(".server/mail/locales"));
  if (!catalog) throw new Error("lingui.config.ts has no catalog for app/.server/mail/locales");
  const compile = async (locale: string) => {
    const { messages, missing } = await catalog.getTranslations(locale, {
      fallbackLocales: config.fallbackLocales,
      sourceLocale: config.sourceLocale,
    });
    if (missing.length) throw new Error(`${locale}.po: ${missing.length} messages without a translation`);
    const { source, errors } = createCompiledCatalog(locale, messages, { namespace: "ts" });
    if (errors.length) throw new Error(`${locale}.po: ${errors.length} messages that do not compile`);
    return `// Compiled from ${locale}.po by scripts/mail-catalogs.ts (npm run i18n:extract): edit the .po.\n${source}\n`;
  };
  return { en: await compile("en"), es: await compile("es") };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [locale, source] of Object.entries(await compileMailCatalogs()))
    await writeFile(compiledMailCatalogFile(locale), source);
}
