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
const firstPackage = paths.find((p) => p.startsWith("/packages/"));
const pages = [...paths.filter((p) => !p.startsWith("/packages/")), ...(firstPackage ? [firstPackage] : []), "/login"];

const rows: Record<string, { "KB gzip": number; files: number }> = {};
for (const page of pages) {
  const { files, gzipBytes } = await firstLoadJavaScript(page);
  rows[page.startsWith("/packages/") ? "/packages/{id}" : page] = {
    "KB gzip": Number((gzipBytes / 1024).toFixed(1)),
    files,
  };
}
console.table(rows);
