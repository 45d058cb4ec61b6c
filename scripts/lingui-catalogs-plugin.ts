import path from "node:path";
import { getConfig } from "@lingui/conf";
import { createCompiledCatalog, getCatalogForFile, getCatalogs } from "@lingui/cli/api";
import type { Plugin } from "esbuild";

/**
 * The e-mails' .po catalogs (app/.server/mail/mail-i18n.ts imports them) compiled into the bundle, as
 * Lingui's Vite plugin compiles them for the pages and the tests: esbuild has no loader of its own for
 * them. A message missing from a catalog fails the build rather than sending an e-mail half in English.
 */
export function linguiCatalogs(root: string): Plugin {
  return {
    name: "lingui-catalogs",
    setup(esbuild) {
      esbuild.onLoad({ filter: /\.po$/ }, async ({ path: file }) => {
        const config = getConfig({ cwd: root });
        const found = getCatalogForFile(path.relative(config.rootDir, file), await getCatalogs(config));
        if (!found) throw new Error(`${file} is in no catalog of lingui.config.ts`);
        const { messages, missing } = await found.catalog.getTranslations(found.locale, {
          fallbackLocales: config.fallbackLocales,
          sourceLocale: config.sourceLocale,
        });
        if (missing.length) throw new Error(`${file}: ${missing.length} messages without a translation`);
        const { source, errors } = createCompiledCatalog(found.locale, messages, { namespace: "es" });
        if (errors.length) throw new Error(`${file}: ${errors.length} messages that do not compile`);
        return { contents: source, loader: "js", watchFiles: [file] };
      });
    },
  };
}
