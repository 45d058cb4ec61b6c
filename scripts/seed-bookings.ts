/**
 * `npm run db:seed-bookings -- --count 1000000`: fills the configured database (DATA_DIR's
 * embedded one, or DATABASE_URL's) with that many realistic past bookings, for `npm run bench`.
 * Stop the server first on the embedded database: it holds the data directory's lock.
 *
 * Set-based: each batch is one INSERT … SELECT over generate_series, every value derived from
 * the row number by a seeded hash, so no row crosses the wire. The bookings:
 * - ~50,000 customers (name, phone and e-mail fixed per customer), plus the demo member
 *   member@example.com with 40 bookings, for My Bookings;
 * - created evenly over the past 3 years, oldest first, each for a date 1–45 days later and
 *   before today, so future slots stay free for the POST bench and for real customers;
 * - ids time-ordered as the app makes them (8 hex seconds of created_at, then 16 hex: a
 *   random tag of this run and the row number), so they never collide;
 * - mostly confirmed (75%) or cancelled (20%), some still pending; a third on a package of
 *   the catalogue (its price), the rest a service at $20–$110, each with its priced line and
 *   total; no promo code. Confirmed visits are mostly collected (92%), some no-shows (4%). Each
 *   customer has one plate (six hex digits), so the Customers search has plates to find;
 * - the customers table (migration 0024) is recounted once at the end: its statement trigger is
 *   off while the batches insert (a crash there leaves it off: run the script again).
 * Ends with VACUUM ANALYZE: the planner's statistics, and the visibility map a live
 * PostgreSQL's autovacuum would have set (PGlite runs no autovacuum).
 *
 * Refuses when the table already holds `--count` rows or more, unless `--force`.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { sql, type SQL } from "drizzle-orm";
import { ANYTIME, BAY_SLOTS, SERVICE_TYPES, VEHICLE_TYPES } from "~/features/bookings/bookings.schema";
import { demoAccounts } from "../server/seed/demo-data";
import { readEnv } from "../server/env";
import { databaseTarget, openRuntime } from "../server/runtime";
import { runScript, ScriptError } from "./run-script";

const CUSTOMERS = 50_000;
/** Every count/40th row is the demo member's: 40 bookings (fewer when --count is under 40). */
const MEMBER_BOOKINGS = 40;
const DAYS = 3 * 365;
const FIRST_NAMES = [
  "James",
  "Mary",
  "Robert",
  "Patricia",
  "John",
  "Jennifer",
  "Michael",
  "Linda",
  "David",
  "Elizabeth",
  "William",
  "Barbara",
  "Richard",
  "Susan",
  "Joseph",
  "Jessica",
  "Thomas",
  "Sarah",
  "Carlos",
  "Karen",
  "Daniel",
  "Lisa",
  "Matthew",
  "Nancy",
  "Anthony",
  "Betty",
  "Mark",
  "Sandra",
  "Priya",
  "Ashley",
  "Wei",
  "Kimberly",
  "Ahmed",
  "Emily",
  "Kevin",
  "Donna",
  "Brian",
  "Michelle",
  "Diego",
  "Aisha",
];
const LAST_NAMES = [
  "Smith",
  "Johnson",
  "Williams",
  "Brown",
  "Jones",
  "Garcia",
  "Miller",
  "Davis",
  "Rodriguez",
  "Martinez",
  "Hernandez",
  "Lopez",
  "Gonzalez",
  "Wilson",
  "Anderson",
  "Thomas",
  "Taylor",
  "Moore",
  "Jackson",
  "Martin",
  "Lee",
  "Perez",
  "Thompson",
  "White",
  "Harris",
  "Sanchez",
  "Clark",
  "Ramirez",
  "Lewis",
  "Robinson",
  "Walker",
  "Young",
  "Allen",
  "King",
  "Wright",
  "Scott",
  "Torres",
  "Nguyen",
  "Hill",
  "Flores",
  "Green",
  "Adams",
  "Nelson",
  "Baker",
  "Hall",
  "Rivera",
  "Campbell",
  "Mitchell",
  "Carter",
  "Patel",
];
const DOMAINS = [
  "gmail.com",
  "yahoo.com",
  "outlook.com",
  "icloud.com",
  "hotmail.com",
  "aol.com",
  "proton.me",
  "example.net",
];
const INSTRUCTIONS = [
  "",
  "",
  "",
  "",
  "",
  "",
  "Please call when you arrive.",
  "Dog hair in the back seats.",
  "Key is in the lockbox.",
  "Tar spots on the rear bumper.",
];
/** Contact-form requests choose no package; package-page ones carry the package's level. */
const PACKAGE_LEVELS = ["Basic", "Standard", "Premium"];

await runScript(async () => {
  const { values } = parseArgs({
    options: {
      count: { type: "string", default: "1000000" },
      batch: { type: "string", default: "100000" },
      force: { type: "boolean", default: false },
    },
  });
  const count = Number(values.count);
  const batch = Number(values.batch);
  if (!Number.isInteger(count) || count < 1)
    throw new ScriptError("--count must be a positive whole number, e.g. --count 1000000");
  if (!Number.isInteger(batch) || batch < 1) throw new ScriptError("--batch must be a positive whole number");

  const env = readEnv();
  const target = databaseTarget(env);
  const where =
    target.kind === "pglite" ? `the embedded database in ${target.dataDir}` : "the PostgreSQL database in DATABASE_URL";
  // The same opening as the server's: migrations, and the demo accounts unless SEED_DEMO_DATA=false.
  const runtime = await openRuntime(env);
  const { db } = runtime.database;
  try {
    const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const [existing] = await rows<{ n: number }>(sql`select count(*)::int as n from bookings`);
    const before = existing?.n ?? 0;
    if (before >= count && !values.force) {
      throw new ScriptError(
        `The bookings table already holds ${before.toLocaleString("en-US")} rows (≥ --count ${count.toLocaleString("en-US")}); nothing added. ` +
          `Add --force to insert ${count.toLocaleString("en-US")} more, or reset the database first (npm run db:reset).`,
      );
    }

    // Packages of the catalogue, to book a third of the rows on; none on a database without one.
    const catalogue = await rows<{ id: string; name: string; price: number }>(
      sql`select id, name, price_cents as price, duration_minutes as minutes from plans where field is null and price_cents is not null order by id`,
    );
    const options = {
      first: FIRST_NAMES,
      last: LAST_NAMES,
      domain: DOMAINS,
      vehicle: [...VEHICLE_TYPES],
      service: [...SERVICE_TYPES],
      slot: [...BAY_SLOTS],
      note: INSTRUCTIONS,
      level: PACKAGE_LEVELS,
      plan: catalogue,
    };
    /** The list's element at (hash mod its length), from the options row `o` of the statement. */
    const pick = (list: Exclude<keyof typeof options, "plan">, hash: SQL) =>
      sql`(o.j->${sql.raw(`'${list}'`)}->>((${hash}) % ${sql.raw(String(options[list].length))})::int)`;
    const member = { email: demoAccounts.member.email, name: demoAccounts.member.name, phone: "(212) 555-0147" };
    const memberEvery = Math.max(1, Math.floor(count / MEMBER_BOOKINGS));
    const seed = randomBytes(4).readUInt32BE() % 1_000_000_000;
    const runTag = randomBytes(3).toString("hex");
    // Creation times run evenly from 3 years ago to 2 days ago, one step per row.
    const [clock] = await rows<{ now: string }>(sql`select (extract(epoch from now()) * 1000000)::bigint::text as now`);
    const nowMicros = BigInt(clock!.now);
    const startMicros = nowMicros - BigInt(DAYS) * 86_400_000_000n;
    const stepMicros = ((BigInt(DAYS - 2) * 86_400_000_000n) / BigInt(count)).toString();

    console.log(
      `Seeding ${count.toLocaleString("en-US")} bookings into ${where} ` +
        `(${before.toLocaleString("en-US")} there now), ${batch.toLocaleString("en-US")} per statement…`,
    );
    const started = performance.now();
    // A bulk load: the customers table and the reports' rollup are counted once at the end, not
    // marked by every batch (decision 043's marks would be a row for each booking).
    await db.execute(sql`alter table bookings disable trigger bookings_mark_insert`);
    for (let from = 1; from <= count; from += batch) {
      const to = Math.min(count, from + batch - 1);
      await db.execute(sql`
        with o as materialized (select ${JSON.stringify(options)}::jsonb as j)
        insert into bookings (id, full_name, phone, email, vehicle_type, vehicle_year, service_type, package_selection, plan_id, package_name,
          package_price_cents, promo_code, discount_cents, final_price_cents, preferred_date, preferred_time_slot, duration_minutes, special_instructions, status,
          created_at, updated_at, vehicle_plate, total_cents, lines, visit_stage, visit_stage_at)
        select
          lpad(to_hex(floor(extract(epoch from t.created_at))::bigint), 8, '0') || ${runTag} || lpad(to_hex(g), 10, '0'),
          case when m.is_member then ${member.name} else ${pick("first", sql`m.k`)} || ' ' || ${pick("last", sql`m.k / ${FIRST_NAMES.length}`)} end,
          case when m.is_member then ${member.phone} else '(' || (201 + m.k % 780) || ') 555-' || lpad((m.k % 10000)::text, 4, '0') end,
          case when m.is_member then ${member.email}
            else lower(${pick("first", sql`m.k`)} || '.' || ${pick("last", sql`m.k / ${FIRST_NAMES.length}`)}) || m.k || '@' || ${pick("domain", sql`m.k`)} end,
          ${pick("vehicle", sql`h.h1`)},
          case when h.h2 % 5 = 0 then null else (1995 + h.h2 % 31)::smallint end,
          ${pick("service", sql`h.h3`)},
          case when p.plan is null then 'None' else ${pick("level", sql`h.h4`)} end,
          p.plan->>'id',
          p.plan->>'name',
          (p.plan->>'price')::int,
          '',
          0,
          (p.plan->>'price')::int,
          d.preferred_date,
          case when h.h5 % 100 < 4 then ${ANYTIME} else ${pick("slot", sql`h.h5`)} end,
          -- The package's length, or one slot: history this script makes ignores capacity anyway.
          coalesce((p.plan->>'minutes')::int, 120),
          ${pick("note", sql`h.h6`)},
          case when h.h7 % 100 < 75 then 'confirmed' when h.h7 % 100 < 95 then 'cancelled' else 'pending' end,
          t.created_at,
          case when h.h7 % 100 < 95 then least(t.created_at + make_interval(mins => (h.h8 % 2880)::int), now()) else t.created_at end,
          case when m.is_member then 'DEMO147' else upper(lpad(to_hex((m.k * 2654435761) % 16777216), 6, '0')) end,
          v.total,
          jsonb_build_array(jsonb_build_object('kind', case when p.plan is null then 'service' else 'package' end,
            'label', coalesce(p.plan->>'name', ${pick("service", sql`h.h3`)}), 'amountCents', v.total,
            'minutes', coalesce((p.plan->>'minutes')::int, 120))),
          v.stage,
          case when v.stage is not null then d.preferred_date + time '12:00' end
        from generate_series(${from}::bigint, ${to}::bigint) as g
        cross join o
        cross join lateral (select
          (hashint8extended(g, ${seed} + 1) & 9223372036854775807) as h1, (hashint8extended(g, ${seed} + 2) & 9223372036854775807) as h2,
          (hashint8extended(g, ${seed} + 3) & 9223372036854775807) as h3, (hashint8extended(g, ${seed} + 4) & 9223372036854775807) as h4,
          (hashint8extended(g, ${seed} + 5) & 9223372036854775807) as h5, (hashint8extended(g, ${seed} + 6) & 9223372036854775807) as h6,
          (hashint8extended(g, ${seed} + 7) & 9223372036854775807) as h7, (hashint8extended(g, ${seed} + 8) & 9223372036854775807) as h8,
          (hashint8extended(g, ${seed} + 9) & 9223372036854775807) as h9, (hashint8extended(g, ${seed} + 10) & 9223372036854775807) as h10) as h
        cross join lateral (select g % ${memberEvery}::bigint = 0 as is_member, h.h9 % ${CUSTOMERS}::bigint as k) as m
        cross join lateral (select case when jsonb_array_length(o.j->'plan') > 0 and h.h10 % 3 = 0
          then o.j->'plan'->(h.h10 % jsonb_array_length(o.j->'plan'))::int end as plan) as p
        cross join lateral (select to_timestamp(((${startMicros.toString()}::bigint + (g - 1) * ${stepMicros}::bigint + h.h2 / 64 % ${stepMicros}::bigint) / 1000000.0)::double precision) as created_at) as t
        cross join lateral (select t.created_at::date as created_day) as cd
        cross join lateral (select cd.created_day + (1 + (h.h8 / 2880) % least(45, (current_date - 1) - cd.created_day))::int as preferred_date) as d
        -- The price (the package's, else $20–$110) and, for confirmed visits, the counter's last stage.
        cross join lateral (select coalesce((p.plan->>'price')::int, 2000 + (h.h3 % 10)::int * 1000) as total,
          case when h.h7 % 100 < 75 then case when h.h6 % 100 < 92 then 'collected' when h.h6 % 100 < 96 then 'no-show' end end as stage) as v
      `);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `  ${to.toLocaleString("en-US").padStart(11)} / ${count.toLocaleString("en-US")}  ${seconds.toFixed(1)} s  (${Math.round(to / seconds).toLocaleString("en-US")} rows/s)`,
      );
    }
    await db.execute(sql`alter table bookings enable trigger bookings_mark_insert`);
    // Every window the load touched, counted again from its bookings.
    await db.execute(sql`insert into visits_stale (day, slot)
      select distinct preferred_date, preferred_time_slot from bookings where substr(id, 9, 6) = ${runTag}`);
    await db.execute(sql`select flush_visit_figures()`);
    const keys = await rows<{ key: string }>(
      sql`select distinct customer_key as key from bookings where customer_key is not null order by 1`,
    );
    for (let i = 0; i < keys.length; i += 5000)
      await db.execute(
        sql`select refresh_customers(array(select jsonb_array_elements_text(${JSON.stringify(keys.slice(i, i + 5000).map((k) => k.key))}::jsonb)))`,
      );
    console.log(
      `  ${keys.length.toLocaleString("en-US")} customers counted in ${((performance.now() - started) / 1000).toFixed(1)} s from the start`,
    );
    const inserted = performance.now();
    console.log("VACUUM ANALYZE bookings…");
    await db.execute(sql`vacuum (analyze) bookings`);
    await db.execute(sql`vacuum (analyze) customers`);
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from bookings`);
    const total = (performance.now() - started) / 1000;
    console.log(
      `Done: ${count.toLocaleString("en-US")} bookings inserted in ${((inserted - started) / 1000).toFixed(1)} s, ` +
        `VACUUM ANALYZE ${((performance.now() - inserted) / 1000).toFixed(1)} s, ${total.toFixed(1)} s in all; the table holds ${(after?.n ?? 0).toLocaleString("en-US")}.`,
    );
  } finally {
    await runtime.close();
  }
});
