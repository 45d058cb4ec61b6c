/**
 * `npm run audit -- --url http://localhost:3000`: Lighthouse (mobile preset: simulated mid-range
 * phone on slow 4G) against a running production server, printing the four category scores and
 * LCP, CLS and TBT for each public page of the budget (DESIGN.md §7), in English and in Spanish
 * (`/es/…`). Not part of `npm test`.
 *
 * Lighthouse 12 is installed on first use into node_modules/.cache, not into package.json: its
 * dependency ranges (third-party-web@latest and others) would make `npm ci` of a fresh clone
 * fail whenever they move. Version 13 needs Node 22, so it stays pinned to 12.x here.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const LIGHTHOUSE_VERSION = "12.8.2";
const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];
const PAGES = ["/", "/pricing", "/about", "/location", "/contact", "/hotels", "/services/full-detail"];

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.AUDIT_URL ?? "http://localhost:3000" },
    chromium: { type: "string", default: CHROMIUM_PATH },
    // `--page / --page /es --page '/packages/{package}'`: only those pages, as given (no Spanish
    // twin added; `{package}` is the first package's id), e.g. to measure a page while changing it.
    page: { type: "string", multiple: true },
  },
});
const base = values.url!.replace(/\/$/, "");

const firstPackage = await fetch(`${base}/api/plans?kind=packages&limit=1`)
  .then((r) => r.json() as Promise<{ _id: string }[]>)
  .catch(() => undefined);
if (!firstPackage) {
  console.error(`No server answers at ${base}. Start one first: npm run build && npm start`);
  process.exit(1);
}
const english = [...PAGES, ...(firstPackage[0] ? [`/packages/${firstPackage[0]._id}`] : [])];
// Each page and its Spanish twin (issue 49: /es scores as / does), side by side in the table.
const pages = values.page?.length
  ? values.page.map((page) => page.replace("{package}", firstPackage[0]?._id ?? ""))
  : english.flatMap((page) => [page, page === "/" ? "/es" : `/es${page}`]);

const cacheDir = path.resolve(import.meta.dirname, `../node_modules/.cache/lighthouse-${LIGHTHOUSE_VERSION}`);
const lighthouseEntry = path.join(cacheDir, "node_modules/lighthouse/core/index.js");
if (!existsSync(lighthouseEntry)) {
  console.log(`Installing Lighthouse ${LIGHTHOUSE_VERSION} into ${path.relative(process.cwd(), cacheDir)} (once)…`);
  execFileSync(
    "npm",
    [
      "install",
      "--prefix",
      cacheDir,
      `lighthouse@${LIGHTHOUSE_VERSION}`,
      "--no-save",
      "--no-audit",
      "--no-fund",
      "--loglevel=error",
    ],
    {
      stdio: "inherit",
      env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: "1" },
    },
  );
}

type Lighthouse = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: LighthouseResult } | undefined>;
interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
  runtimeError?: { message: string };
  /** Lighthouse's measure of the machine's CPU: total blocking time grows as it falls. */
  environment?: { benchmarkIndex?: number };
}
const lighthouse = ((await import(pathToFileURL(lighthouseEntry).href)) as { default: Lighthouse }).default;
const chromeLauncher = (await import(
  pathToFileURL(path.join(cacheDir, "node_modules/chrome-launcher/dist/index.js")).href
)) as {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
};

const chrome = await chromeLauncher.launch({ chromePath: values.chromium!, chromeFlags: CHROME_FLAGS });
const rows: Record<string, Record<string, string | number>> = {};
try {
  for (const page of pages) {
    // The default configuration is Lighthouse's mobile preset. A run whose trace failed to record
    // (Lighthouse's NO_NAVSTART and kin, seen now and then on a busy machine) is tried again.
    let lhr: LighthouseResult | undefined;
    for (let attempt = 1; attempt <= 3 && (!lhr || lhr.runtimeError); attempt++) {
      lhr = (await lighthouse(`${base}${page}`, { port: chrome.port, output: "json", logLevel: "error" }))?.lhr;
    }
    if (!lhr || lhr.runtimeError) {
      console.error(`${page}: ${lhr?.runtimeError?.message ?? "no result"}`);
      continue;
    }
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    rows[page] = {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      "LCP s": Number((metric("largest-contentful-paint") / 1000).toFixed(2)),
      CLS: Number(metric("cumulative-layout-shift").toFixed(3)),
      "TBT ms": Math.round(metric("total-blocking-time")),
      // Scores from two machines compare only at a like CPU: Lighthouse's own index of this one.
      "CPU index": Math.round(lhr.environment?.benchmarkIndex ?? NaN),
    };
    console.log(`${page} done`);
  }
} finally {
  chrome.kill();
}
console.table(rows);
console.log("Budget (DESIGN.md §7): performance ≥ 98; accessibility, best practices and SEO 100.");
