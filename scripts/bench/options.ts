import { parseArgs } from "node:util";

/** `npm run bench`'s options (scripts/bench.ts says what each mode measures) and the constants every part shares. */
export const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_URL },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "10" },
    engines: { type: "string", default: "pglite,postgres" },
    // Health and the owner's Reports and Customers only: for a seeded database (--url).
    owner: { type: "boolean", default: false },
    // Health and the bookings API only (the writes, the rush, the lists): for issue 32's work.
    bookings: { type: "boolean", default: false },
    // Beside the plain Express server (scripts/plain-server.ts) on PostgreSQL with 100,000 bookings: issue 32.
    plain: { type: "boolean", default: false },
    "postgres-url": {
      type: "string",
      default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/carwash_bench",
    },
  },
});
export const duration = Number(values.duration);
/** Seconds of uncounted load on each page before the measures (see benchServer). */
export const WARM_UP_S = 3;
/** Past bookings in the database of `--plain`, as in the outside run issue 32 reports. */
export const PLAIN_BOOKINGS = 100_000;
/** Pairs of runs per endpoint in `--plain`; the table gives their medians. */
export const PAIRS = 3;
/** The two POST cases' names, in every mode's tables. */
export const POST_EACH = "POST /api/bookings (visitor, contact form)";
export const POST_RUSH = "POST /api/bookings, rush (5 in a row to 4 places)";
export const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
export const connections = Number(values.connections);
/** The owner's dashboard is one person's: two requests at a time, not the public pages' ten. */
export const OWNER_CONNECTIONS = 2;
