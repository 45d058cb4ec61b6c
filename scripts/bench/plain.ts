import { spawn } from "node:child_process";
import pg from "pg";
import { demoAccounts } from "../../server/seed/demo-data";
import { bookingPlaces, postBookings, refusalOf, RUSH_PER_SLOT } from "./booking-writes";
import { request, signIn } from "./http";
import { bench, load, type Measured } from "./load";
import { duration, median, PAIRS, POST_EACH, POST_RUSH, values, WARM_UP_S } from "./options";
import { cpuMilliseconds, cpuSince, postgresPids, residentMegabytes, waitForHealth } from "./servers";

/**
 * Issue 32's comparison. The plain Express server (scripts/plain-server.ts) starts beside the
 * product (at `bench.base`) on the same database; each endpoint is loaded on both in three alternating
 * pairs of runs (product first, then plain first, then product first), so the machine's drift
 * falls on both alike. Before each booking run the bench's bookings of the last run are deleted
 * from that server's table and the database vacuumed, so every run books into the same empty
 * places. Prints each endpoint's medians, the product ÷ plain ratio (median of the pairs' ratios),
 * each server's ratio to its own health, CPU per request, and both servers' memory after the run.
 */
export async function benchAgainstPlain(productPid: number) {
  const product = bench.base;
  const plainBase = "http://127.0.0.1:3412";
  const databaseUrl = values["postgres-url"]!;
  const plain = spawn(process.execPath, ["--import", "tsx", "scripts/plain-server.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, PORT: "3412" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    bench.base = plainBase;
    await waitForHealth(plain);
    bench.base = product;
    const admin = await signIn(demoAccounts.admin);
    const member = await signIn(demoAccounts.member);
    if (!admin || !member) throw new Error("The plain comparison needs the demo accounts.");
    const places = await bookingPlaces(admin);
    const [plan] = (await (await request(`${product}/api/plans?limit=1`)).json()) as { _id: string }[];
    const servers = [
      { name: "product", url: product, table: "bookings", pid: productPid },
      { name: "plain", url: plainBase, table: "plain_bookings", pid: plain.pid! },
    ];
    // Each case's run on the server at `bench.base`; `seconds` for a shorter, uncounted warm-up.
    const get = (path: string, cookie?: string) => (seconds?: number) =>
      load({
        url: `${bench.base}${path}`,
        ...(cookie ? { headers: { cookie } } : {}),
        ...(seconds ? { duration: seconds } : {}),
      });
    const book = (perSlot: number) => (seconds?: number) => postBookings(admin, places, perSlot, "customers", seconds);
    const cases: { name: string; run: (seconds?: number) => Promise<Measured>; books?: boolean }[] = [
      { name: "GET /api/health", run: get("/api/health") },
      { name: "GET /api/plans", run: get("/api/plans") },
      { name: "GET /api/plans/{id}", run: get(`/api/plans/${plan!._id}`) },
      { name: "GET /pricing (anonymous)", run: get("/pricing") },
      { name: "GET /api/bookings?limit=25 (admin)", run: get("/api/bookings?limit=25", admin) },
      { name: "GET /api/bookings?limit=25 (member)", run: get("/api/bookings?limit=25", member) },
      { name: POST_EACH, run: book(1), books: true },
      { name: POST_RUSH, run: book(RUSH_PER_SLOT), books: true },
    ];
    const measures = new Map<string, (Measured & { serverMs: number; postgresMs: number })[]>();
    const run = async (c: (typeof cases)[number], server: (typeof servers)[number], seconds?: number) => {
      bench.base = server.url;
      // Every booking run starts from the same empty places.
      if (c.books) {
        await db.query(`delete from ${server.table} where full_name = 'Bench Customer'`);
        // And the e-mails those bookings wrote, on both sides alike.
        await db.query(
          server.name === "plain"
            ? "truncate plain_outbox"
            : "delete from outbox o where o.booking_id is not null and not exists (select from bookings b where b.id = o.booking_id)",
        );
        // Now rather than by autovacuum during the next run (the deleted rows, and for the product
        // the customers and the rollup its triggers wrote).
        await db.query("vacuum analyze");
      }
      const before = { server: cpuMilliseconds([server.pid]), postgres: cpuMilliseconds(postgresPids()) };
      const measured = await c.run(seconds);
      bench.base = product;
      const per = (ms: number) => Number((ms / Math.max(1, measured.requests)).toFixed(3));
      return {
        ...measured,
        serverMs: per(cpuSince(before.server, cpuMilliseconds([server.pid]))),
        postgresMs: per(cpuSince(before.postgres, cpuMilliseconds(postgresPids()))),
      };
    };
    console.log(`Product ${product} beside the plain server ${plainBase}, ${PAIRS} pairs of ${duration} s runs each.`);
    for (const c of cases) {
      // Uncounted warm-up: the first seconds of each route run on code the JIT has not compiled.
      for (const server of servers) await run(c, server, WARM_UP_S);
      for (let pair = 0; pair < PAIRS; pair++) {
        for (const server of pair % 2 === 0 ? servers : [...servers].reverse()) {
          const key = `${c.name}\n${server.name}`;
          measures.set(key, [...(measures.get(key) ?? []), await run(c, server)]);
        }
      }
    }
    /** The runs' answers other than 2xx, by status ("409×15"), and requests never answered, or "0". */
    const failures = (runs: Measured[]) => {
      const codes = new Map<string, number>();
      const unanswered = runs.reduce((sum, m) => sum + m.unanswered, 0);
      if (unanswered > 0) codes.set("unanswered", unanswered);
      for (const m of runs)
        for (const [code, n] of Object.entries(m.statusCodes))
          if (!code.startsWith("2")) codes.set(code, (codes.get(code) ?? 0) + n);
      return [...codes].map(([code, n]) => `${code}×${n}`).join(" ") || "0";
    };
    const of = (c: string, server: string) => measures.get(`${c}\n${server}`)!;
    const health = (server: string) => median(of(cases[0]!.name, server).map((m) => m.rps));
    const table = Object.fromEntries(
      cases.map((c) => {
        const mine = of(c.name, "product");
        const theirs = of(c.name, "plain");
        return [
          c.name,
          {
            "product req/s": median(mine.map((m) => m.rps)),
            "plain req/s": median(theirs.map((m) => m.rps)),
            "product ÷ plain": Number(median(mine.map((m, i) => m.rps / theirs[i]!.rps)).toFixed(2)),
            "product × health": Number((median(mine.map((m) => m.rps)) / health("product")).toFixed(2)),
            "plain × health": Number((median(theirs.map((m) => m.rps)) / health("plain")).toFixed(2)),
            "product p95 ms": median(mine.map((m) => m.p95)),
            "plain p95 ms": median(theirs.map((m) => m.p95)),
            // CPU per request, server + PostgreSQL (every backend): where each one's time goes.
            "product CPU ms": `${median(mine.map((m) => m.serverMs))} + ${median(mine.map((m) => m.postgresMs))}`,
            "plain CPU ms": `${median(theirs.map((m) => m.serverMs))} + ${median(theirs.map((m) => m.postgresMs))}`,
            "non-2xx (product / plain)": `${failures(mine)} / ${failures(theirs)}`,
          },
        ];
      }),
    );
    console.table(table);
    // The rush ran last: each side's first window is full. A refusal is the specification's 409.
    for (const server of servers) {
      bench.base = server.url;
      console.log(`A full window on the ${server.name} server answers ${await refusalOf(places[0]!)}`);
    }
    bench.base = product;
    const broken = cases
      .filter((c) => c.books)
      .flatMap((c) => servers.map((server) => [c.name, server.name, failures(of(c.name, server.name))] as const))
      .filter(([, , codes]) => codes.split(" ").some((code) => code !== "0" && !code.startsWith("409×")));
    for (const [name, server, codes] of broken) console.error(`${name} on the ${server} server answered ${codes}`);
    if (broken.length > 0) process.exitCode = 1;
    const { rss, peak } = residentMegabytes(plain.pid!);
    console.log(`\nPlain server RSS after the run: ${rss} MB (peak ${peak} MB)`);
  } finally {
    await db.end();
    plain.kill("SIGTERM");
    await new Promise((resolve) => (plain.exitCode !== null ? resolve(null) : plain.once("exit", resolve)));
  }
}
