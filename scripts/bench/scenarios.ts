import { demoAccounts } from "../../server/seed/demo-data";
import { bookingPlaces, postBookings, printPost, RUSH_PER_SLOT } from "./booking-writes";
import { firstLoadJavaScript, probe, signIn } from "./http";
import { bench, load, row } from "./load";
import { connections, duration, OWNER_CONNECTIONS, POST_EACH, POST_RUSH, values, WARM_UP_S } from "./options";

/** What the bench measures of one server: the public pages, the bookings API, the owner's dashboard. */

/** Everything measured of the server at `bench.base`. */
export async function benchServer() {
  const health = await fetch(`${bench.base}/api/health`).then(
    (r) => r.json() as Promise<{ database?: { kind?: string } }>,
    () => undefined,
  );
  if (!health) {
    console.error(`No server answers at ${bench.base}. Start one first: npm run build && npm start`);
    process.exit(1);
  }
  console.log(
    `\nServer ${bench.base} on ${health.database?.kind}; ${duration} s per endpoint, ${connections} connections.\n`,
  );
  bench.rows = [];
  if (values.owner) {
    await load({ url: `${bench.base}/api/health`, duration: WARM_UP_S });
    bench.rows.push({ path: "/api/health", ...(await load({ url: `${bench.base}/api/health` })) });
    return benchOwner();
  }
  if (values.bookings) {
    await load({ url: `${bench.base}/api/health`, duration: WARM_UP_S });
    bench.rows.push({ path: "/api/health", ...(await load({ url: `${bench.base}/api/health` })) });
    console.table(Object.fromEntries(bench.rows.map(({ path, ...r }) => [`GET ${path}`, row(r)])));
    return benchBookings();
  }
  const plans = (await fetch(`${bench.base}/api/plans?limit=1`).then((r) => r.json())) as { _id: string }[];
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
  for (const page of pages) await load({ url: `${bench.base}${page}`, duration: WARM_UP_S });
  for (const page of pages) bench.rows.push({ path: page, ...(await load({ url: `${bench.base}${page}` })) });
  console.table(Object.fromEntries(bench.rows.map(({ path, ...r }) => [`GET ${path}`, row(r)])));

  for (const page of ["/", "/pricing"]) {
    const { files, gzipBytes } = await firstLoadJavaScript(page);
    console.log(
      `First-load JavaScript of ${page}: ${(gzipBytes / 1024).toFixed(1)} KB gzip in ${files} files (budget 130 KB)`,
    );
  }
  await benchBookings();
  await benchOwner();
}

export async function benchBookings() {
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
  // rush, five requests in a row to each window of four places, so the requests in flight together
  // compete for the same day and window, and each window's fifth is refused (409).
  // Each request is another customer's, as on a busy day; then one customer's bookings in a row,
  // each of which recounts that customer's figures (decision 038) from all their bookings so far.
  const places = await bookingPlaces(admin);
  const third = Math.floor(places.length / 3);
  const cases = [
    { name: POST_EACH, places: places.slice(0, third), perSlot: 1, who: "customers" },
    { name: POST_RUSH, places: places.slice(third, 2 * third), perSlot: RUSH_PER_SLOT, who: "customers" },
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
    const measured = await load({ url: `${bench.base}${list.path}`, headers: { cookie: list.cookie } });
    table[`GET ${list.name}`] = { "X-Total-Count": seen.total, ...row(measured) };
  }
  console.table(table);
  const after = await probe("/api/bookings?limit=1", admin);
  console.log(`GET /api/bookings lists with ${after.total} bookings (limit 25; budget: p95 under 25 ms).`);
}

/** The first and last day of the calendar month `months` back (UTC): history on a seeded database. */
export function monthAgo(months: number) {
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
export async function benchOwner() {
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
      url: `${bench.base}${list.path}`,
      headers: { cookie: admin },
      connections: OWNER_CONNECTIONS,
      duration: WARM_UP_S,
    });
    table[`GET ${list.name}`] = row(
      await load({ url: `${bench.base}${list.path}`, headers: { cookie: admin }, connections: OWNER_CONNECTIONS }),
    );
  }
  console.table(table);
  console.log("Budget with 1,000,000 bookings: p95 at most 150 ms on PostgreSQL, 400 ms on the embedded database.");
}
