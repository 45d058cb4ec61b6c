import { getCatalogs } from "@lingui/cli/api";
import { getConfig } from "@lingui/conf";
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { compiledMailCatalogFile, compileMailCatalogs } from "../../../scripts/mail-catalogs";

/**
 * The e-mails' catalog (lingui.config.ts's second) is complete: every message the e-mails' code
 * says is in it, translated in both languages, with the same placeholders; none is left over.
 * `npx lingui extract` (then `git checkout app/locales` if the pages' catalog moved) brings it up
 * to date; the translations are written in app/.server/mail/locales/es.po.
 */
const placeholders = (message: string) => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe("the e-mails' catalog", () => {
  it("has every message of the e-mails, in English and Spanish, and no other", { timeout: 60_000 }, async () => {
    const config = getConfig({ cwd: process.cwd() });
    const catalog = (await getCatalogs(config)).find((c) => c.path.includes(".server/mail/locales"))!;
    const extracted = await catalog.collect();
    const { en, es } = await catalog.readAll(["en", "es"]);
    const ids = Object.keys(extracted ?? {}).sort();
    expect(ids.length).toBeGreaterThan(50);
    expect(Object.keys(en ?? {}).sort()).toEqual(ids);
    expect(Object.keys(es ?? {}).sort()).toEqual(ids);
    for (const id of ids) {
      expect(en![id]!.translation, `English of "${id}"`).toBe(id);
      expect(es![id]!.translation, `Spanish of "${id}"`).not.toBe("");
      expect(placeholders(es![id]!.translation!), `placeholders of "${id}"`).toEqual(placeholders(id));
    }
  });

  it("is what the e-mails load: each language's module is what its .po compiles to", { timeout: 60_000 }, async () => {
    for (const [locale, source] of Object.entries(await compileMailCatalogs()))
      expect(await readFile(compiledMailCatalogFile(locale), "utf8"), `${locale}.ts: npm run i18n:extract`).toBe(
        source,
      );
  });
});
