/**
 * The bench's yardstick (issue 32): the same API as a typical team would write it, with none of the
 * product's machinery. Express 5, `pg`, zod, React's renderToString; one file; no caches, no
 * prepared statements, no security headers, no request ids, no log. `npm run bench -- --plain`
 * starts it beside the product on the same PostgreSQL database and loads both in alternating pairs.
 *
 * Same routes and response shapes as the product for what the bench measures: GET /api/health,
 * /api/plans, /api/plans/:id, /pricing, GET /api/bookings (admin: all; member: their own) and
 * POST /api/bookings (a place in a date's arrival window, at most `bays` to a window, under a lock).
 * Its bookings are its own table, `plain_bookings`, a copy of `bookings` (columns, defaults,
 * checks, indexes) made at start, without the product's triggers (customers, reports): what a plain
 * server would have. Sessions are the product's (better-auth's signed cookie, its sessions table).
 *
 * A booking does the durable work the specification promises its users (issue 48): in its one
 * transaction, the booking row and the two e-mails a booking owes (the customer's confirmation and
 * the business's notice), rendered as text with template literals into `plain_outbox`, which a
 * worker would send. Nothing else: the reminder, the Activity record, the board's notification and
 * the rollups are the product's own choices, and it pays for them.
 *
 *   DATABASE_URL=postgres://… PORT=3412 npx tsx scripts/plain-server.ts
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import express, { type NextFunction, type Request, type Response } from "express";
import pg from "pg";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { z } from "zod";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const startedAt = Date.now();
const COOKIE = "carwash.session_token";
/** Places in one arrival window: the bench sets the product's bays to the same (scripts/bench/booking-writes.ts). */
const BAYS = 4;
/** Where the business's notice goes, as the product's default (BUSINESS_EMAIL). */
const BUSINESS_EMAIL = process.env.BUSINESS_EMAIL ?? "hello@sparkleautospa.example";
const CLASSES = [
  { id: "small", name: "Small" },
  { id: "medium", name: "Medium" },
  { id: "large", name: "Large" },
];
const VEHICLE_CLASS: Record<string, string> = {
  Coupe: "small",
  Hatchback: "small",
  Car: "small",
  SUV: "medium",
  Minivan: "medium",
  Truck: "large",
  Other: "medium",
};

const secret = ((await pool.query("select value from app_secrets where key = 'auth_secret'")).rows[0]?.value ??
  "") as string;
await pool.query("create table if not exists plain_bookings (like bookings including all)");
await pool.query("truncate plain_bookings");
await pool.query("insert into plain_bookings select * from bookings");
await pool.query("analyze plain_bookings");
await pool.query(`create table if not exists plain_outbox (
  id bigserial primary key, booking_id text not null, to_address text not null, subject text not null,
  body text not null, created_at timestamptz not null default now())`);
await pool.query("truncate plain_outbox");

type Row = Record<string, unknown>;
const dollars = (cents: unknown) => (cents == null ? null : Number(cents) / 100);

function planJson(row: Row) {
  const classPrices = row.class_prices as Record<string, { priceCents?: number; minutes?: number }>;
  return {
    _id: row.id,
    name: row.name,
    price: dollars(row.price_cents),
    duration: row.duration,
    minutes: row.duration_minutes,
    features: row.features,
    packagetype: row.package_type,
    date: row.date,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    prices: CLASSES.map((c) => ({
      classId: c.id,
      className: c.name,
      price: dollars(classPrices[c.id]?.priceCents ?? row.price_cents),
      minutes: classPrices[c.id]?.minutes ?? row.duration_minutes,
    })),
    classPrices: Object.fromEntries(
      Object.entries(classPrices).map(([id, p]) => [id, { price: dollars(p.priceCents), minutes: p.minutes }]),
    ),
  };
}

function bookingJson(row: Row) {
  return {
    _id: row.id,
    fullName: row.full_name,
    phone: row.phone,
    email: row.email,
    vehicleType: row.vehicle_type,
    vehicleYear: row.vehicle_year,
    serviceType: row.service_type,
    packageSelection: row.package_selection,
    planId: row.plan_id,
    packageName: row.package_name,
    packagePrice: dollars(row.package_price_cents),
    promoCode: row.promo_code,
    discount: dollars(row.discount_cents),
    finalPrice: dollars(row.final_price_cents),
    preferredDate: row.preferred_date,
    preferredTimeSlot: row.preferred_time_slot,
    minutes: row.duration_minutes,
    specialInstructions: row.special_instructions,
    status: row.status,
    visitStage: row.visit_stage,
    overCapacity: row.over_capacity,
    lines: (row.lines as { label: string; amountCents: number }[]).map((l) => ({
      label: l.label,
      amount: dollars(l.amountCents),
    })),
    total: dollars(row.total_cents),
    sizeClass: row.size_class,
    addOns: row.add_on_ids,
    vehicleId: row.vehicle_id,
    vehicleMake: row.vehicle_make,
    vehicleModel: row.vehicle_model,
    vehicleColor: row.vehicle_color,
    vehiclePlate: row.vehicle_plate,
    createdAt: row.created_at,
    needsNewTime: false,
    manageToken: `${String(row.id)}.${createHmac("sha256", secret).update(String(row.id)).digest("base64url").slice(0, 32)}`,
  };
}

/** The signed-in user from better-auth's cookie (`token.signature`), or null. */
async function currentUser(req: Request): Promise<{ id: string; email: string; role: string | null } | null> {
  const cookie = req.headers.cookie
    ?.split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${COOKIE}=`));
  if (!cookie) return null;
  const value = decodeURIComponent(cookie.slice(COOKIE.length + 1));
  const dot = value.lastIndexOf(".");
  const token = value.slice(0, dot);
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  const given = Buffer.from(value.slice(dot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const { rows } = await pool.query(
    `select u.id, u.email, u.role from sessions s join users u on u.id = s.user_id
     where s.token = $1 and s.expires_at > now()`,
    [token],
  );
  return (rows[0] as { id: string; email: string; role: string | null } | undefined) ?? null;
}

const bookingBody = z.object({
  fullName: z.string().trim().min(1).max(100),
  phone: z.string().trim().min(7).max(30),
  email: z.string().trim().email().max(254).optional().or(z.literal("")),
  vehicleType: z.enum(Object.keys(VEHICLE_CLASS) as [string, ...string[]]),
  serviceType: z.string().min(1).max(60),
  preferredDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  preferredTimeSlot: z.string().min(1).max(40),
  specialInstructions: z.string().max(1000).optional(),
});

const app = express();
app.disable("x-powered-by");
app.use(express.json({ limit: "100kb" }));

app.get("/api/health", async (_req, res) => {
  const started = performance.now();
  await pool.query("select 1");
  res.json({
    status: "ok",
    database: { kind: "postgres", reachable: true, latencyMs: Number((performance.now() - started).toFixed(2)) },
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
  });
});

const PLANS_SQL = `select * from plans where field is null order by greatest(date, created_at, updated_at) desc, id desc`;

app.get("/api/plans", async (req, res) => {
  const limit = Math.min(Number(req.query.limit) || 100, 100);
  const { rows } = await pool.query(`${PLANS_SQL} limit $1`, [limit]);
  res.json(rows.map(planJson));
});

app.get("/api/plans/:id", async (req, res) => {
  const { rows } = await pool.query("select * from plans where id = $1 and field is null", [req.params.id]);
  if (!rows[0]) return void res.status(404).json({ error: { code: "not_found", message: "Package not found" } });
  res.json(planJson(rows[0] as Row));
});

app.get("/api/bookings", async (req, res) => {
  const user = await currentUser(req);
  if (!user) return void res.status(401).json({ error: { code: "unauthorized", message: "Please sign in" } });
  const limit = Math.min(Math.max(Number(req.query.limit) || 25, 1), 100);
  const offset = Math.max(Number(req.query.offset) || 0, 0);
  // An admin sees every booking; a member the ones they made or that carry their e-mail.
  const [where, params] =
    user.role === "admin" ? ["true", []] : ["(user_id = $1 or email = $2)", [user.id, user.email]];
  const n = params.length;
  const [list, count] = await Promise.all([
    pool.query(
      `select * from plain_bookings where ${where} order by created_at desc, id desc limit $${n + 1} offset $${n + 2}`,
      [...params, limit, offset],
    ),
    pool.query(`select count(*)::int as n from plain_bookings where ${where}`, params),
  ]);
  res.setHeader("X-Total-Count", String((count.rows[0] as { n: number }).n));
  res.json(list.rows.map(bookingJson));
});

app.post("/api/bookings", async (req, res) => {
  const parsed = bookingBody.safeParse(req.body);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
    return void res
      .status(400)
      .json({ error: { code: "validation_failed", message: "Please check the highlighted fields.", fields } });
  }
  const body = parsed.data;
  const user = await currentUser(req);
  const { rows: prices } = await pool.query(
    "select price_cents, duration_minutes, class_prices from service_prices where service_type = $1",
    [body.serviceType],
  );
  const service = prices[0] as
    | {
        price_cents: number;
        duration_minutes: number;
        class_prices: Record<string, { priceCents: number; minutes: number }>;
      }
    | undefined;
  if (!service) {
    return void res.status(400).json({
      error: {
        code: "validation_failed",
        message: "Please check the highlighted fields.",
        fields: { serviceType: "Select a service" },
      },
    });
  }
  const sizeClass = VEHICLE_CLASS[body.vehicleType]!;
  const priceCents = service.class_prices[sizeClass]?.priceCents ?? service.price_cents;
  const minutes = service.class_prices[sizeClass]?.minutes ?? service.duration_minutes;
  const client = await pool.connect();
  try {
    await client.query("begin");
    // One window's places are taken one request at a time.
    await client.query("select pg_advisory_xact_lock(hashtext($1))", [
      `${body.preferredDate} ${body.preferredTimeSlot}`,
    ]);
    const { rows: taken } = await client.query(
      `select count(*)::int as n from plain_bookings
       where preferred_date = $1 and preferred_time_slot = $2 and status <> 'cancelled'`,
      [body.preferredDate, body.preferredTimeSlot],
    );
    if ((taken[0] as { n: number }).n >= BAYS) {
      await client.query("rollback");
      return void res
        .status(409)
        .json({ error: { code: "conflict", message: "That time slot is full. Please choose another." } });
    }
    const label = `${body.serviceType} (${CLASSES.find((c) => c.id === sizeClass)!.name})`;
    const { rows } = await client.query(
      `insert into plain_bookings (id, full_name, phone, email, vehicle_type, service_type, preferred_date,
         preferred_time_slot, duration_minutes, special_instructions, user_id, size_class, lines, total_cents,
         final_price_cents)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14) returning *`,
      [
        randomBytes(12).toString("hex"),
        body.fullName,
        body.phone,
        body.email ?? "",
        body.vehicleType,
        body.serviceType,
        body.preferredDate,
        body.preferredTimeSlot,
        minutes,
        body.specialInstructions ?? "",
        user?.id ?? null,
        sizeClass,
        JSON.stringify([{ kind: "service", label, minutes, amountCents: priceCents }]),
        priceCents,
      ],
    );
    const booking = rows[0] as Row;
    const mails = bookingEmails(booking, label, priceCents);
    await client.query(
      `insert into plain_outbox (booking_id, to_address, subject, body)
       select $1, m.to_address, m.subject, m.body from json_to_recordset($2) as m(to_address text, subject text, body text)`,
      [booking.id, JSON.stringify(mails)],
    );
    await client.query("commit");
    res.status(201).json(bookingJson(booking));
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
});

/** The two e-mails a booking owes: the customer's confirmation (when they gave an address) and the business's notice. */
function bookingEmails(booking: Row, label: string, priceCents: number) {
  const when = `${String(booking.preferred_date)}, ${String(booking.preferred_time_slot)}`;
  const price = `$${(priceCents / 100).toFixed(2)}`;
  const details = `Service: ${label}
Vehicle: ${String(booking.vehicle_type)}
When: ${when}
Price: ${price}
Phone: ${String(booking.phone)}
Notes: ${String(booking.special_instructions) || "none"}`;
  const mails = [
    {
      to_address: BUSINESS_EMAIL,
      subject: `New booking request – ${String(booking.full_name)}, ${when}`,
      body: `A new booking request came in.

Customer: ${String(booking.full_name)} <${String(booking.email) || "no e-mail"}>
${details}

Booking ${String(booking.id)}`,
    },
  ];
  if (booking.email)
    mails.push({
      to_address: String(booking.email),
      subject: `We received your booking request – ${when}`,
      body: `Hi ${String(booking.full_name)},

Thanks for booking with Sparkle Auto Spa. We will confirm your visit shortly.

${details}

Reference: ${String(booking.id).slice(-8).toUpperCase()}
Sparkle Auto Spa · 1250 Harbor Boulevard, Springfield · (555) 014-2290`,
    });
  return mails;
}

function Page({ plans, services }: { plans: Row[]; services: Row[] }): ReactNode {
  return h(
    "html",
    { lang: "en" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("title", null, "Pricing | Car Wash"),
      h("meta", { name: "description", content: "Packages and prices for hand washes and oil changes." }),
    ),
    h(
      "body",
      null,
      h(
        "header",
        null,
        h(
          "nav",
          null,
          ["Home", "Services", "Pricing", "Location", "Gallery", "Reviews", "Book"].map((label) =>
            h("a", { key: label, href: `/${label.toLowerCase()}` }, label),
          ),
        ),
      ),
      h(
        "main",
        null,
        h("h1", null, "Pricing"),
        h(
          "section",
          null,
          h("h2", null, "Packages"),
          plans.map((plan) => {
            const json = planJson(plan);
            return h(
              "article",
              { key: String(json._id) },
              h("h3", null, String(json.name)),
              h("p", null, `$${json.price?.toFixed(2)} · ${String(json.duration)}`),
              h(
                "ul",
                null,
                (json.features as string[]).map((f) => h("li", { key: f }, f)),
              ),
              h(
                "table",
                null,
                h(
                  "tbody",
                  null,
                  json.prices.map((p) =>
                    h(
                      "tr",
                      { key: p.classId },
                      h("th", null, p.className),
                      h("td", null, `$${p.price?.toFixed(2)}`),
                      h("td", null, `${p.minutes} min`),
                    ),
                  ),
                ),
              ),
              h("a", { href: `/book?package=${String(json._id)}` }, "Book this package"),
            );
          }),
        ),
        h(
          "section",
          null,
          h("h2", null, "Single services"),
          h(
            "table",
            null,
            h(
              "tbody",
              null,
              services.map((s) =>
                h(
                  "tr",
                  { key: String(s.service_type) },
                  h("th", null, String(s.service_type)),
                  h("td", null, `$${(Number(s.price_cents) / 100).toFixed(2)}`),
                  h("td", null, `${String(s.duration_minutes)} min`),
                ),
              ),
            ),
          ),
        ),
      ),
      h("footer", null, h("p", null, "Open every day 8:00–18:00")),
    ),
  );
}

app.get("/pricing", async (_req, res) => {
  const [plans, services] = await Promise.all([
    pool.query(PLANS_SQL),
    pool.query("select * from service_prices order by service_type"),
  ]);
  res.type("html").send(`<!DOCTYPE html>${renderToString(Page({ plans: plans.rows, services: services.rows }))}`);
});

app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  console.error(error);
  res.status(500).json({ error: { code: "internal", message: "Something went wrong" } });
});

const port = Number(process.env.PORT ?? 3412);
app.listen(port, process.env.HOST ?? "127.0.0.1", () => console.log(`Plain server on http://127.0.0.1:${port}`));
