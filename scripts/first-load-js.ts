/**
 * `npx tsx scripts/first-load-js.ts --url http://localhost:3000`: the first-load JavaScript of every
 * public page the sitemap lists (one package page for all), in KB gzip, counted as `npm run bench`
 * counts `/` and `/pricing` (scripts/bench/http.ts), against a production server already running.
 * Decision 006's budget of 130 KB is for `/`; the other pages are listed beside it.
 */
import { firstLoadJavaScript } from "./bench/http";
import { bench } from "./bench/load";
import { values } from "./bench/options";

bench.base = (values.url ?? "http://localhost:3000").replace(/\/$/, "");
const sitemap = await fetch(`${bench.base}/sitemap.xml`).then((r) => r.text());
const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
// One package page of each language stands for all (the sitemap lists the Spanish twins under /es).
const isPackage = (p: string) => /^(\/es)?\/packages\//.test(p);
const firstPackages = ["/packages/", "/es/packages/"].flatMap(
  (prefix) => paths.find((p) => p.startsWith(prefix)) ?? [],
);
const pages = [...paths.filter((p) => !isPackage(p)), ...firstPackages, "/login", "/es/login"];

const rows: Record<string, { "KB gzip": number; files: number }> = {};
for (const page of pages) {
  const { files, gzipBytes } = await firstLoadJavaScript(page);
  rows[isPackage(page) ? page.replace(/packages\/.*/, "packages/{id}") : page] = {
    "KB gzip": Number((gzipBytes / 1024).toFixed(1)),
    files,
  };
}
console.table(rows);
