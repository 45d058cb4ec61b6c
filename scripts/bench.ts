/**
 * `npm run bench`: load against a running production server (build and start it first).
 * Prints requests per second, p50 and p99 latency per endpoint, the plans/health ratio
 * (budget ≥ 0.7) and the first-load JavaScript of the main pages in KB gzip (budget 110 KB).
 *   npm run bench -- --url http://localhost:3000 --duration 10 --connections 10
 */
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_URL ?? "http://localhost:3000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
  },
});
const base = values.url!.replace(/\/$/, "");
const duration = Number(values.duration);
const connections = Number(values.connections);

const health = await fetch(`${base}/api/health`).then((r) => r.json() as Promise<{ database?: { kind?: string } }>, () => undefined);
if (!health) {
  console.error(`No server answers at ${base}. Start one first: npm run build && npm start`);
  process.exit(1);
}

console.log(`Server ${base} on ${health.database?.kind}; ${duration} s per endpoint, ${connections} connections.\n`);
const rows: { path: string; rps: number; p50: number; p99: number; errors: number }[] = [];
for (const path of ["/api/health", "/api/plans", "/pricing"]) {
  const result = await autocannon({ url: `${base}${path}`, duration, connections });
  rows.push({
    path,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  });
}
console.table(Object.fromEntries(rows.map(({ path, ...r }) => [path, { "req/s": r.rps, "p50 ms": r.p50, "p99 ms": r.p99, "errors+non-2xx": r.errors }])));
const ratio = rows[1]!.rps / rows[0]!.rps;
console.log(`plans/health throughput ratio: ${ratio.toFixed(2)} (budget ≥ 0.70)\n`);

for (const page of ["/", "/pricing"]) {
  const { files, gzipBytes } = await firstLoadJavaScript(page);
  console.log(`First-load JavaScript of ${page}: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${files} files (budget 110 KB)`);
}

/** Sums the gzip size (level 9, as the build precompresses) of every script the page's HTML loads or preloads. */
async function firstLoadJavaScript(page: string) {
  const html = await fetch(`${base}${page}`).then((r) => r.text());
  const urls = new Set<string>();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"[^>]*>/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\(?\s*"([^"]+\.js)"/g)) urls.add(match[1]!);
  let gzipBytes = 0;
  for (const url of urls) {
    const response = await fetch(new URL(url, base));
    const body: ArrayBuffer = await response.arrayBuffer();
    gzipBytes += gzipSync(Buffer.from(body), { level: 9 }).byteLength;
  }
  return { files: urls.size, gzipBytes };
}
