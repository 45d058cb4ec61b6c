/**
 * `npm run bench`: load on the production build (`npm run build` first). Without `--url` it starts
 * the server itself, once per engine (`--engines pglite,postgres`: a fresh embedded database in a
 * temporary DATA_DIR, and a fresh PostgreSQL database `carwash_bench` at `--postgres-url`), with the
 * demo data and the rate limits out of the way, and prints the server's RSS after the run. With
 * `--url` it measures a server already running there.
 *
 * Per endpoint, after 3 s of uncounted warm-up: requests per second, p50, p95 and p99 latency, and the
 * ratio of its requests per second to GET /api/health's in the same run (the machine's noise cancels
 * out of a ratio): the catalogue (/api/plans), pages (/, /pricing, a package page), the first-load
 * JavaScript of / and /pricing in KB gzip, then POST /api/bookings (visitors' valid requests, each for
 * another future date and window; then a rush, five in a row to each window of four places, the fifth
 * refused) and, signed in as the demo admin and member, GET /api/bookings lists. One package by id (/api/plans/{id}) is measured beside the catalogue.
 *   npm run bench -- --duration 10 --connections 10
 *   npm run bench -- --url http://localhost:3000
 *   npm run bench -- --url http://localhost:3000 --owner   # health, Reports and Customers only (a seeded database)
 *   npm run bench -- --engines postgres --bookings        # health and the bookings API only
 *   npm run bench -- --plain   # beside a plain Express server (scripts/plain-server.ts), issue 32's yardstick
 */
import { benchAgainstPlain } from "./bench/plain";
import { bench } from "./bench/load";
import { PLAIN_BOOKINGS, values } from "./bench/options";
import { benchServer } from "./bench/scenarios";
import { withServer } from "./bench/servers";

if (values.url) {
  bench.base = values.url.replace(/\/$/, "");
  await benchServer();
} else if (values.plain) {
  bench.ownServer = true;
  await withServer("postgres", benchAgainstPlain, PLAIN_BOOKINGS);
} else {
  for (const engine of values.engines!.split(",").map((e) => e.trim())) {
    if (engine !== "pglite" && engine !== "postgres") throw new Error(`Unknown engine ${engine}: pglite or postgres`);
    bench.ownServer = true;
    await withServer(engine, benchServer);
  }
}
