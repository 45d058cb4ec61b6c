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
 * JavaScript of / and /pricing in KB gzip, then, signed in as the demo admin and member, POST /api/bookings (valid
 * requests, each for another future date and slot; then a rush, three requests to each slot) and GET
 * /api/bookings lists. One package by id (/api/plans/{id}) is measured beside the catalogue.
 *   npm run bench -- --duration 10 --connections 10
 *   npm run bench -- --url http://localhost:3000
 *   npm run bench -- --url http://localhost:3000 --owner   # health, Reports and Customers only (a seeded database)
 *   npm run bench -- --engines postgres --bookings        # health and the bookings API only
 *   npm run bench -- --plain   # beside a plain Express server (scripts/plain-server.ts), issue 32's yardstick
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import pg from "pg";
import { demoAccounts } from "../server/seed/demo-data";

const { values } = parseArgs({
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
const duration = Number(values.duration);
/** Seconds of uncounted load on each page before the measures (see benchServer). */
const WARM_UP_S = 3;
/** Past bookings in the database of `--plain`, as in the outside run issue 32 reports. */
const PLAIN_BOOKINGS = 100_000;
/** Pairs of runs per endpoint in `--plain`; the table gives their medians. */
const PAIRS = 3;
/** The two POST cases' names, in every mode's tables. */
const POST_EACH = "POST /api/bookings (admin, contact form)";
const POST_RUSH = "POST /api/bookings, 3 to a slot (rush)";
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const connections = Number(values.connections);
/** The owner's dashboard is one person's: two requests at a time, not the public pages' ten. */
const OWNER_CONNECTIONS = 2;
/** The server being measured: set per engine (module-wide, as every helper below asks it). */
let base = "";
/** Whether the bench started the server (on a fresh database, which it may set up for the bookings). */
let ownServer = false;
/** Each endpoint's measures of the current server, health first (the ratios' denominator). */
let rows: ({ path: string } & Measured)[] = [];

interface Measured {
  rps: number;
  /** Responses in the run. */
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/**
 * Waits (at most two minutes) until the server answers /api/health quickly: requests that
 * autocannon gave up on (10 s timeout) still run on the server, and the embedded database
 * serves one query at a time, so their backlog would land on the next endpoint's figures.
 */
async function settle() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One autocannon run; percentiles from every response's own time (autocannon's have no p95 and whole milliseconds). */
async function load(options: autocannon.Options): Promise<Measured> {
  await settle();
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ duration, connections, ...options }, (error, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      times.sort((a, b) => a - b);
      const at = (p: number) =>
        times.length
          ? Number(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(1))
          : NaN;
      const statusCodes = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
      );
      resolve({
        rps: Math.round(result.requests.average),
        requests: result.requests.total,
        p50: at(50),
        p95: at(95),
        p99: at(99),
        errors: result.errors + result.non2xx,
        statusCodes,
      });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

const row = (m: Measured) => ({
  "req/s": m.rps,
  "× health": Number((m.rps / (rows[0]?.rps || m.rps)).toFixed(2)),
  "p50 ms": m.p50,
  "p95 ms": m.p95,
  "p99 ms": m.p99,
  "errors+non-2xx": m.errors,
});

if (values.url) {
  base = values.url.replace(/\/$/, "");
  await benchServer();
} else if (values.plain) {
  ownServer = true;
  await withServer("postgres", benchAgainstPlain, PLAIN_BOOKINGS);
} else {
  for (const engine of values.engines!.split(",").map((e) => e.trim())) {
    if (engine !== "pglite" && engine !== "postgres") throw new Error(`Unknown engine ${engine}: pglite or postgres`);
    ownServer = true;
    await withServer(engine, benchServer);
  }
}

/** Everything measured of the server at `base`. */
async function benchServer() {
  const health = await fetch(`${base}/api/health`).then(
    (r) => r.json() as Promise<{ database?: { kind?: string } }>,
    () => undefined,
  );
  if (!health) {
    console.error(`No server answers at ${base}. Start one first: npm run build && npm start`);
    process.exit(1);
  }
  console.log(
    `\nServer ${base} on ${health.database?.kind}; ${duration} s per endpoint, ${connections} connections.\n`,
  );
  rows = [];
  if (values.owner) {
    await load({ url: `${base}/api/health`, duration: WARM_UP_S });
    rows.push({ path: "/api/health", ...(await load({ url: `${base}/api/health` })) });
    return benchOwner();
  }
  if (values.bookings) {
    await load({ url: `${base}/api/health`, duration: WARM_UP_S });
    rows.push({ path: "/api/health", ...(await load({ url: `${base}/api/health` })) });
    console.table(Object.fromEntries(rows.map(({ path, ...r }) => [`GET ${path}`, row(r)])));
    return benchBookings();
  }
  const plans = (await fetch(`${base}/api/plans?limit=1`).then((r) => r.json())) as { _id: string }[];
  const pages = [
    "/api/health",
    "/api/plans",
    ...(plans[0] ? [`/api/plans/${plans[0]._id}`] : []),
    "/pricing",
    "/",
    ...(plans[0] ? [`/packages/${plans[0]._id}`] : []),
  ];
  // A freshly started server runs its first seconds on code the JIT has not compiled yet, and health
  // (every ratio's denominator) is measured first: each endpoint is warmed up, uncounted, before.
  for (const page of pages) await load({ url: `${base}${page}`, duration: WARM_UP_S });
  for (const page of pages) rows.push({ path: page, ...(await load({ url: `${base}${page}` })) });
  console.table(Object.fromEntries(rows.map(({ path, ...r }) => [`GET ${path}`, row(r)])));

  for (const page of ["/", "/pricing"]) {
    const { files, gzipBytes } = await firstLoadJavaScript(page);
    console.log(
      `First-load JavaScript of ${page}: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${files} files (budget 130 KB)`,
    );
  }
  await benchBookings();
  await benchOwner();
}

/**
 * Starts the production server on a fresh database of the engine, runs `measure` against it,
 * prints the server's resident memory, and stops it.
 */
async function withServer(engine: "pglite" | "postgres", measure: (pid: number) => Promise<void>, seedBookings = 0) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "carwash-bench-"));
  const port = engine === "pglite" ? 3410 : 3411;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO_DATA: "true",
    // The bench sends thousands of requests from one address: the limits are the API tests' concern.
    RATE_LIMIT_SIGN_IN: "1000000",
    RATE_LIMIT_SIGN_UP: "1000000",
    RATE_LIMIT_BOOKINGS: "1000000",
  };
  delete env.DATABASE_URL;
  if (engine === "postgres") env.DATABASE_URL = await freshDatabase(values["postgres-url"]!);
  if (seedBookings) {
    console.log(`Seeding ${seedBookings.toLocaleString("en-US")} past bookings…`);
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/seed-bookings.ts", "--count", String(seedBookings)],
      { env, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (seeded.status !== 0) throw new Error(`Seeding failed (exit ${seeded.status}).`);
  }
  const server = spawn(process.execPath, ["build/app/server.js"], { env, stdio: ["ignore", "ignore", "inherit"] });
  try {
    base = `http://127.0.0.1:${port}`;
    await waitForHealth(server);
    await measure(server.pid!);
    const { rss, peak } = residentMegabytes(server.pid!);
    console.log(`\nServer RSS after the run (${engine}): ${rss} MB (peak ${peak} MB)`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Drops and creates the database `url` names (through the server's `postgres` database). */
async function freshDatabase(url: string): Promise<string> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Use a plain database name in --postgres-url, not ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return url;
}

async function waitForHealth(server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}): is the build there?`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not answer /api/health within two minutes.");
}

/** CPU time (user + system) each process has used so far, in ms, from Linux's /proc (100 ticks a second). */
function cpuMilliseconds(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Ended between the listing and the read: nothing to count.
    }
  }
  return used;
}

/**
 * The CPU time the processes used since `before`: a process started since counts whole; one that
 * ended since (a pooled PostgreSQL connection closed when idle) is lost to the sum.
 */
function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** The PostgreSQL server's processes on this machine (none when it runs elsewhere). */
function postgresPids(): number[] {
  const found = spawnSync("pgrep", ["-x", "postgres"], { encoding: "utf8" });
  return found.stdout.split("\n").filter(Boolean).map(Number);
}

/** A process's resident set now and at its peak (VmHWM) in MB, from Linux's /proc. */
function residentMegabytes(pid: number): { rss: string; peak: string } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? (Number(kb) / 1024).toFixed(0) : "?";
  };
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
}

/**
 * Sums the gzip size (level 9, as the build precompresses) of every script the page needs before it
 * is interactive: what its HTML loads, preloads or imports (the inline module's static imports and its
 * import() of the client entry), and every module those import statically, to the end. Followed
 * through the modules rather than read off the page's module preloads, which the page no longer
 * carries in its head (docs/decisions/021-first-paint.md). Modules imported with import() from
 * inside the bundle (the booking form on /) load later and are not counted.
 */
async function firstLoadJavaScript(page: string) {
  const html = await fetch(`${base}${page}`).then((r) => r.text());
  const pageUrl = new URL(page, base);
  const queue: URL[] = [];
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="([^"]+\.js)"[^>]*>/g))
    queue.push(new URL(match[1]!, pageUrl));
  for (const script of html.matchAll(/<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g))
    for (const match of script[1]!.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*"([^"]+\.js)"/g))
      queue.push(new URL(match[1]!, pageUrl));
  const seen = new Set<string>();
  let gzipBytes = 0;
  for (let url = queue.shift(); url; url = queue.shift()) {
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipBytes += gzipSync(body, { level: 9 }).byteLength;
    // Static imports only (`import{…}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
    for (const match of body.toString("utf8").matchAll(/(?:\bfrom|\bimport)\s*"([^"]+\.js)"/g))
      queue.push(new URL(match[1]!, url));
  }
  return { files: seen.size, gzipBytes };
}

/**
 * fetch, tried once more when the connection drops: a pooled keep-alive socket the server
 * closed while autocannon ran fails the next request with ECONNRESET.
 */
function request(url: string, init?: RequestInit): Promise<Response> {
  return fetch(url, init).catch(() => fetch(url, init));
}

/** The session cookie of a demo account, or undefined (with the reason printed) when sign-in fails. */
async function signIn(account: { email: string; password: string }): Promise<string | undefined> {
  const response = await request(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    // The auth library refuses an Origin other than the site's (PUBLIC_URL, or http://localhost:PORT).
    headers: { "content-type": "application/json", origin: new URL(base).origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  if (response.ok && cookie) return cookie;
  console.error(`Sign-in as ${account.email} failed (${response.status} ${(await response.text()).slice(0, 200)}).`);
  return undefined;
}

/** One GET as the given account: its status, X-Total-Count and body. */
async function probe(path: string, cookie: string) {
  const response = await request(`${base}${path}`, { headers: { cookie } });
  const body: unknown = await response.json().catch(() => undefined);
  // Lists count up to 1,000 matches; beyond that the API says the count is not exact.
  const exact = response.headers.get("x-total-count-exact") !== "false";
  const total = `${Number(response.headers.get("x-total-count") ?? NaN).toLocaleString("en-US")}${exact ? "" : "+"}`;
  return { status: response.status, total, body };
}

async function benchBookings() {
  console.log("\nBookings API, signed in as the demo admin (not rate-limited) and the demo member.");
  const admin = await signIn(demoAccounts.admin);
  const member = await signIn(demoAccounts.member);
  if (!admin || !member) {
    console.error(
      "Skipped: the bookings bench needs the demo accounts (SEED_DEMO_DATA) and --url on the site's own origin.",
    );
    process.exitCode = 1;
    return;
  }
  const before = await probe("/api/bookings?limit=1", admin);
  console.log(
    `Bookings in the database: ${before.total} (X-Total-Count as admin, capped; seed with npm run db:seed-bookings -- --count 1000000).\n`,
  );

  // POST: every request its own (date, slot) while it is in flight, so no two wait for one slot; then a
  // rush, three requests to each slot, so the requests in flight together compete for the same day and slots.
  // Each request is another customer's, as on a busy day; then one customer's bookings in a row,
  // each of which recounts that customer's figures (decision 038) from all their bookings so far.
  const places = await bookingPlaces(admin);
  const third = Math.floor(places.length / 3);
  const cases = [
    { name: POST_EACH, places: places.slice(0, third), perSlot: 1, who: "customers" },
    { name: POST_RUSH, places: places.slice(third, 2 * third), perSlot: 3, who: "customers" },
    { name: "POST /api/bookings, one customer's", places: places.slice(2 * third), perSlot: 1, who: "one customer" },
  ] as const;
  for (const c of cases) printPost(c.name, await postBookings(admin, c.places, c.perSlot, c.who), c.places, c.perSlot);

  // GET: a month of past dates half a year back, and a customer's e-mail (one of ~50,000) to search for.
  const { from, to } = monthAgo(6);
  const sample = await probe("/api/bookings?status=confirmed&limit=50", admin);
  const demoEmails: string[] = [demoAccounts.admin.email, demoAccounts.member.email];
  const customer = (Array.isArray(sample.body) ? (sample.body as { email?: string }[]) : [])
    .map((b) => b.email)
    .find((e) => e && !demoEmails.includes(e));
  const q = customer ?? "nobody@example.invalid";
  const surname = customer
    ? (Array.isArray(sample.body) ? (sample.body as { email: string; fullName: string }[]) : [])
        .find((b) => b.email === customer)!
        .fullName.split(" ")
        .at(-1)!
    : "Smith";

  const lists: { name: string; path: string; cookie: string }[] = [
    { name: "admin, page 1", path: "/api/bookings?limit=25", cookie: admin },
    { name: "admin, pending", path: "/api/bookings?status=pending&limit=25", cookie: admin },
    { name: `admin, ${from}..${to}`, path: `/api/bookings?from=${from}&to=${to}&limit=25`, cookie: admin },
    { name: "member, own list", path: "/api/bookings?limit=25", cookie: member },
    // Last: on PostgreSQL the searches autocannon times out go on running beside the next endpoint.
    { name: `admin, q=${q}`, path: `/api/bookings?q=${encodeURIComponent(q)}&limit=25`, cookie: admin },
    { name: `admin, q=${surname}`, path: `/api/bookings?q=${encodeURIComponent(surname)}&limit=25`, cookie: admin },
  ];
  const table: Record<string, ReturnType<typeof row> & { "X-Total-Count": string }> = {};
  for (const list of lists) {
    const seen = await probe(list.path, list.cookie);
    if (seen.status !== 200) console.error(`GET ${list.path} as ${list.name} answered ${seen.status}`);
    const measured = await load({ url: `${base}${list.path}`, headers: { cookie: list.cookie } });
    table[`GET ${list.name}`] = { "X-Total-Count": seen.total, ...row(measured) };
  }
  console.table(table);
  const after = await probe("/api/bookings?limit=1", admin);
  console.log(`GET /api/bookings lists with ${after.total} bookings (limit 25; budget: p95 under 25 ms).`);
}

/** The first and last day of the calendar month `months` back (UTC): history on a seeded database. */
function monthAgo(months: number) {
  const month = new Date();
  month.setUTCDate(1);
  month.setUTCMonth(month.getUTCMonth() - months);
  const from = month.toISOString().slice(0, 10);
  const to = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * Dashboard → Reports and Customers as the demo admin (issue 30): a month's whole report and its
 * summary, and pages of customers in two orders, deep in the list, and found by a plate. Budget:
 * p95 at most 150 ms on PostgreSQL and 400 ms on the embedded database with 1,000,000 bookings.
 */
async function benchOwner() {
  console.log(`\nThe owner's Reports and Customers, as the demo admin, ${OWNER_CONNECTIONS} connections.`);
  const admin = await signIn(demoAccounts.admin);
  if (!admin) {
    console.error(
      "Skipped: the owner's bench needs the demo admin (SEED_DEMO_DATA) and --url on the site's own origin.",
    );
    process.exitCode = 1;
    return;
  }
  const { from, to } = monthAgo(6);
  const best = await probe("/api/customers?sort=spend&limit=1", admin);
  const top = (Array.isArray(best.body) ? (best.body as { plates: string[]; fullName: string }[]) : [])[0];
  const plate = top?.plates[0] ?? "ABC123";
  const bookings = await probe("/api/bookings?limit=1", admin);
  console.log(`Bookings: ${bookings.total}; customers: ${best.total}.`);
  const lists = [
    { name: `report ${from}..${to}`, path: `/api/reports?from=${from}&to=${to}` },
    { name: `summary ${from}..${to}`, path: `/api/reports/summary?from=${from}&to=${to}` },
    { name: "customers, last visit", path: "/api/customers?sort=recent&limit=50" },
    { name: "customers, spend", path: "/api/customers?sort=spend&limit=50" },
    { name: "customers, page 100", path: "/api/customers?sort=recent&limit=50&offset=4950" },
    { name: `customers, q=${plate}`, path: `/api/customers?q=${encodeURIComponent(plate)}&limit=50` },
  ];
  const table: Record<string, ReturnType<typeof row>> = {};
  for (const list of lists) {
    const seen = await probe(list.path, admin);
    if (seen.status !== 200) console.error(`GET ${list.path} answered ${seen.status}`);
    await load({
      url: `${base}${list.path}`,
      headers: { cookie: admin },
      connections: OWNER_CONNECTIONS,
      duration: WARM_UP_S,
    });
    table[`GET ${list.name}`] = row(
      await load({ url: `${base}${list.path}`, headers: { cookie: admin }, connections: OWNER_CONNECTIONS }),
    );
  }
  console.table(table);
  console.log("Budget with 1,000,000 bookings: p95 at most 150 ms on PostgreSQL, 400 ms on the embedded database.");
}

/**
 * The (date, slot) places the booking cases spread over: every window of every day the site books,
 * from the day after tomorrow (ahead of "today" in any time zone) to the last. On a server the bench
 * started, on its fresh database, the shop first opens every day 08:00–18:00 with twelve 45-minute
 * windows, so that a 10 s run at a few hundred requests a second finds places enough (3 bays each)
 * within the year bookings may be made ahead; a server at --url is measured as it is set up.
 */
async function bookingPlaces(admin: string): Promise<{ date: string; slot: string }[]> {
  const headers = { cookie: admin, "content-type": "application/json", origin: new URL(base).origin };
  if (ownServer) {
    const windows = Array.from({ length: 12 }, (_, i) => ({
      start: clock(8 * 60 + i * 45),
      end: clock(8 * 60 + (i + 1) * 45),
    }));
    const response = await request(`${base}/api/booking-settings`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({
        openingHours: Array.from({ length: 7 }, () => ({ open: true, opens: "08:00", closes: "18:00" })),
        arrivalWindows: windows,
        leadMinutes: 0,
        daysAhead: 365,
      }),
    });
    if (!response.ok) console.error(`Could not open twelve windows a day: ${response.status} ${await response.text()}`);
  }
  const settings = (await (await request(`${base}/api/booking-settings`, { headers })).json()) as {
    arrivalWindows: { start: string; end: string }[];
    daysAhead: number;
  };
  const slots = settings.arrivalWindows.map((w) => `${w.start}–${w.end}`);
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const places: { date: string; slot: string }[] = [];
  for (let day = 2; day < settings.daysAhead; day++) {
    const date = new Date(today + day * 86_400_000).toISOString().slice(0, 10);
    for (const slot of slots) places.push({ date, slot });
  }
  return places;
}

/** "HH:MM" of minutes after midnight. */
function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * POST /api/bookings as the admin's contact form (not rate-limited) over `places`, in order.
 * perSlot 1: request n goes to place n modulo their number, so a place's next request comes only after
 * every other place had one (never two in flight for one slot). perSlot 3: a rush, three requests in a
 * row to each place (3 bays: they fill it), so the requests in flight together ask for the same slots
 * and the same day. Once every place has had three, what follows is refused as full (409).
 */
async function postBookings(
  admin: string,
  places: { date: string; slot: string }[],
  perSlot: number,
  who: "customers" | "one customer" = "customers",
  seconds?: number,
): Promise<Measured> {
  let sent = 0;
  const nextBooking = () => {
    const n = sent++;
    const place = places[(perSlot === 1 ? n : Math.floor(n / perSlot)) % places.length]!;
    // A customer is known by their phone here (no e-mail): n's digits make each request another's.
    const line = who === "one customer" ? 100 : 1000 + (n % 9000);
    const exchange = who === "one customer" ? 555 : 200 + Math.floor(n / 9000);
    return JSON.stringify({
      fullName: "Bench Customer",
      phone: `(212) ${exchange}-${line.toString().padStart(4, "0")}`,
      vehicleType: "SUV",
      serviceType: "Hand Wash",
      preferredDate: place.date,
      preferredTimeSlot: place.slot,
    });
  };
  const post = await load({
    url: `${base}/api/bookings`,
    ...(seconds ? { duration: seconds } : {}),
    // The request guard refuses a cookie-carrying write that names no origin (cross-site request forgery).
    headers: { cookie: admin, "content-type": "application/json", origin: new URL(base).origin },
    requests: [
      { method: "POST", path: "/api/bookings", setupRequest: (request) => ({ ...request, body: nextBooking() }) },
    ],
  });
  return post;
}

/** Prints one POST case's row and what its requests got. */
function printPost(name: string, post: Measured, places: { date: string; slot: string }[], perSlot: number) {
  const created = post.statusCodes["201"] ?? 0;
  console.table({ [name]: row(post) });
  console.log(
    `POST: ${created} created (201), ${post.errors} errors or non-2xx ${JSON.stringify(post.statusCodes)}; ` +
      `${places.length} places from ${places[0]?.date} to ${places.at(-1)?.date}, ${perSlot} request${perSlot === 1 ? "" : "s"} per place in a row.\n`,
  );
}

/**
 * Issue 32's comparison. The plain Express server (scripts/plain-server.ts) starts beside the
 * product (at `base`) on the same database; each endpoint is loaded on both in three alternating
 * pairs of runs (product first, then plain first, then product first), so the machine's drift
 * falls on both alike. Before each booking run the bench's bookings of the last run are deleted
 * from that server's table and the database vacuumed, so every run books into the same empty
 * places. Prints each endpoint's medians, the product ÷ plain ratio (median of the pairs' ratios),
 * each server's ratio to its own health, CPU per request, and both servers' memory after the run.
 */
async function benchAgainstPlain(productPid: number) {
  const product = base;
  const plainBase = "http://127.0.0.1:3412";
  const databaseUrl = values["postgres-url"]!;
  const plain = spawn(process.execPath, ["--import", "tsx", "scripts/plain-server.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_URL: databaseUrl, PORT: "3412" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    base = plainBase;
    await waitForHealth(plain);
    base = product;
    const admin = await signIn(demoAccounts.admin);
    const member = await signIn(demoAccounts.member);
    if (!admin || !member) throw new Error("The plain comparison needs the demo accounts.");
    const places = await bookingPlaces(admin);
    const [plan] = (await (await request(`${product}/api/plans?limit=1`)).json()) as { _id: string }[];
    const servers = [
      { name: "product", url: product, table: "bookings", pid: productPid },
      { name: "plain", url: plainBase, table: "plain_bookings", pid: plain.pid! },
    ];
    // Each case's run on the server at `base`; `seconds` for a shorter, uncounted warm-up.
    const get = (path: string, cookie?: string) => (seconds?: number) =>
      load({
        url: `${base}${path}`,
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
      { name: POST_RUSH, run: book(3), books: true },
    ];
    const measures = new Map<string, (Measured & { serverMs: number; postgresMs: number })[]>();
    const run = async (c: (typeof cases)[number], server: (typeof servers)[number], seconds?: number) => {
      base = server.url;
      // Every booking run starts from the same empty places.
      if (c.books) {
        await db.query(`delete from ${server.table} where full_name = 'Bench Customer'`);
        // Now rather than by autovacuum during the next run (the deleted rows, and for the product
        // the customers and the rollup its triggers wrote).
        await db.query("vacuum analyze");
      }
      const before = { server: cpuMilliseconds([server.pid]), postgres: cpuMilliseconds(postgresPids()) };
      const measured = await c.run(seconds);
      base = product;
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
    /** The runs' answers other than 2xx, by status ("409×15"), or "0". */
    const failures = (runs: Measured[]) => {
      const codes = new Map<string, number>();
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
    const { rss, peak } = residentMegabytes(plain.pid!);
    console.log(`\nPlain server RSS after the run: ${rss} MB (peak ${peak} MB)`);
  } finally {
    await db.end();
    plain.kill("SIGTERM");
    await new Promise((resolve) => (plain.exitCode !== null ? resolve(null) : plain.once("exit", resolve)));
  }
}
