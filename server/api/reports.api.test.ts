import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { closedDates, reviews, waitlistEntries, type QuoteLineRow } from "~/.server/db/schema";
import { FROM_TO_ORDER, RANGE_TOO_LONG, type Report, type ReportSummary } from "~/features/reports/reports.schema";
import { keepVisitFigures } from "~/features/reports/reports.server";
import { defaultSiteConfig } from "~/lib/site-config";
import { newObjectId } from "~/lib/object-id";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, buildBookingRequest, inDays, insertBookings, weekdayOf } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * Reports (issue 30, part 1) against a small fixture whose every figure is worked out by hand
 * below. The business is in America/New_York (EDT in June: UTC−4), so 03:59Z is 23:59 the day
 * before and 04:00Z is midnight. Run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
// One proxy trusted: the rush's customers each come from an address of their own.
const t = setupTestApp({ env: { TRUST_PROXY: "1" } });
let admin: TestAccount;
let member: TestAccount;

const line = (kind: QuoteLineRow["kind"], label: string, amountCents: number): QuoteLineRow => ({
  kind,
  label,
  amountCents,
  minutes: 0,
});
const gold = [line("package", "Gold (Small)", 10_000)];

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  const at = (iso: string) => new Date(iso);
  const [a, b, , , , f] = await insertBookings(t.database.db, [
    // A: Monday 2 June, collected, $100; requested 30 May (the range before).
    buildBooking({
      email: "a@example.com",
      phone: "555-000-0001",
      preferredDate: "2031-06-02",
      preferredTimeSlot: "09:00–11:00",
      durationMinutes: 120,
      status: "confirmed",
      visitStage: "collected",
      lines: gold,
      totalCents: 10_000,
      sizeClass: "small",
      createdAt: at("2031-05-30T16:00:00Z"),
    }),
    // B: 3 June, collected, WASH5: $40 + $10 − $2.50 = $47.50; requested 23:59 on 2 June (in range).
    buildBooking({
      email: "b@example.com",
      phone: "555-000-0002",
      preferredDate: "2031-06-03",
      status: "confirmed",
      visitStage: "collected",
      promoCode: "WASH5",
      discountCents: 250,
      lines: [
        line("service", "Hand Wash (Large)", 4_000),
        line("add-on", "Tire Shine", 1_000),
        line("promo", "WASH5 (5% off)", -250),
      ],
      totalCents: 4_750,
      sizeClass: "large",
      createdAt: at("2031-06-03T03:59:00Z"),
    }),
    // C: 4 June, cancelled ($80 never counts); requested 23:59 on 1 June (the range before).
    buildBooking({
      email: "c@example.com",
      phone: "555-000-0003",
      preferredDate: "2031-06-04",
      status: "cancelled",
      lines: gold,
      totalCents: 8_000,
      sizeClass: "small",
      createdAt: at("2031-06-02T03:59:00Z"),
    }),
    // D: 5 June, a no-show ($60 never counts); requested at midnight starting 2 June (in range).
    buildBooking({
      email: "d@example.com",
      phone: "555-000-0004",
      preferredDate: "2031-06-05",
      status: "confirmed",
      visitStage: "no-show",
      lines: gold,
      totalCents: 6_000,
      sizeClass: "small",
      createdAt: at("2031-06-02T04:00:00Z"),
    }),
    // E: 6 June, confirmed, not yet collected: $30 booked; requested 5 June.
    buildBooking({
      email: "e@example.com",
      phone: "555-000-0005",
      preferredDate: "2031-06-06",
      status: "confirmed",
      lines: [line("service", "Exterior Wash (Medium)", 3_000)],
      totalCents: 3_000,
      sizeClass: "medium",
      createdAt: at("2031-06-05T14:00:00Z"),
    }),
    // F: 7 June (Saturday) 09:00 for 4 hours, collected, $20; a customer with no e-mail, known by phone.
    buildBooking({
      email: "",
      phone: "(555) 777-1234",
      preferredDate: "2031-06-07",
      preferredTimeSlot: "09:00–11:00",
      durationMinutes: 240,
      status: "confirmed",
      visitStage: "collected",
      lines: [line("service", "Exterior Wash (Small)", 2_000)],
      totalCents: 2_000,
      sizeClass: "small",
      createdAt: at("2031-06-01T12:00:00Z"),
    }),
    // F's earlier visit, the phone typed otherwise: F returns.
    buildBooking({
      email: "",
      phone: "555.777.1234",
      preferredDate: "2031-05-01",
      status: "confirmed",
      visitStage: "collected",
      totalCents: 2_000,
      createdAt: at("2031-04-20T12:00:00Z"),
    }),
    // G: 1 June, the range before: collected, $50.
    buildBooking({
      email: "g@example.com",
      phone: "555-000-0007",
      preferredDate: "2031-06-01",
      status: "confirmed",
      visitStage: "collected",
      totalCents: 5_000,
      createdAt: at("2031-05-20T12:00:00Z"),
    }),
    // 9 June, after the range: collected, $99.99.
    buildBooking({
      email: "h@example.com",
      phone: "555-000-0008",
      preferredDate: "2031-06-09",
      status: "confirmed",
      visitStage: "collected",
      totalCents: 9_999,
      createdAt: at("2031-05-20T12:00:00Z"),
    }),
    // Requested 23:59 on 8 June (in range) and at midnight starting 9 June (after), for later visits.
    buildBooking({ email: "i@example.com", preferredDate: "2031-06-20", createdAt: at("2031-06-09T03:59:00Z") }),
    buildBooking({ email: "j@example.com", preferredDate: "2031-06-20", createdAt: at("2031-06-09T04:00:00Z") }),
  ]);
  const waiting = (date: string) => ({
    id: newObjectId(),
    date,
    email: `w-${date}@example.com`,
    fullName: "Wait Ing",
    phone: "555-000-0100",
    request: {},
    durationMinutes: 60,
  });
  await t.database.db.insert(waitlistEntries).values([waiting("2031-06-04"), waiting("2031-06-10")]);
  const review = (bookingId: string, rating: number, status: "published" | "pending", publishedAt: Date | null) => ({
    id: newObjectId(),
    bookingId,
    rating,
    authorName: "A. B.",
    serviceLabel: "Wash",
    visitMonth: "2031-06-01",
    status,
    publishedAt,
  });
  await t.database.db
    .insert(reviews)
    .values([
      review(a!.id, 5, "published", at("2031-06-05T15:00:00Z")),
      review(b!.id, 4, "published", at("2031-06-09T03:59:00Z")),
      review(f!.id, 1, "pending", null),
    ]);
});

const get = (path: string, who: TestAccount | null = admin) => callAs(t, who, path);
const RANGE = "from=2031-06-02&to=2031-06-08";

describe("GET /api/reports/summary", () => {
  it("answers each figure of the range as worked out by hand", { tags: ["engine"] }, async () => {
    const { status, body } = await get(`/api/reports/summary?${RANGE}`);
    expect(status).toBe(200);
    expect(body).toEqual<ReportSummary>({
      from: "2031-06-02",
      to: "2031-06-08",
      // B (23:59 on 2 June), D (midnight), E, and the one made at 23:59 on 8 June.
      bookings: 4,
      completedVisits: 3,
      // A 100 + B 47.50 + E 30 + F 20; C cancelled and D a no-show left out.
      revenueBooked: 197.5,
      revenueCompleted: 167.5,
      averageTicket: 55.83,
      // No payments in this range: the till's takings are till-takings.api.test.ts's.
      takings: 0,
      visits: 6,
      cancellations: 1,
      noShows: 1,
      cancellationRate: 1 / 6,
      noShowRate: 1 / 6,
      wash5Visits: 1,
      wash5Discount: 2.5,
      // A, B, E new; F returning by phone alone.
      newCustomers: 3,
      returningCustomers: 1,
      // A 3, B 1, D 3, E 1, F 6 days: 14 / 5.
      leadTimeDays: 2.8,
      waitlistEntries: 1,
      reviewsPublished: 2,
      averageRating: 4.5,
      // No Wash Club in this range: club-memberships.api.test.ts has its figures.
      clubVisits: 0,
      clubShare: 0,
      clubRevenue: 0,
    });
  });

  it(
    "a range of one day: midnight in the business's time zone divides the requests",
    { tags: ["engine"] },
    async () => {
      const { body } = await get("/api/reports/summary?from=2031-06-01&to=2031-06-01");
      // C at 23:59 and F at 08:00 on 1 June; B (03:59Z on 3 June) and D (04:00Z on 2 June) are 2 June's.
      expect(body).toMatchObject({ bookings: 2, visits: 1, completedVisits: 1, revenueCompleted: 50 });
    },
  );

  it("refuses bad ranges with a message that says why", async () => {
    const cases: [string, string][] = [
      ["from=2031-06-09&to=2031-06-02", FROM_TO_ORDER],
      ["from=2031-01-01&to=2032-01-02", RANGE_TOO_LONG],
      ["from=2031-02-30&to=2031-03-02", "from must be a date as YYYY-MM-DD."],
      ["from=06/02/2031&to=2031-06-08", "from must be a date as YYYY-MM-DD."],
      ["from=2031-06-02", "to is required, as YYYY-MM-DD."],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get(`/api/reports/summary?${query}`);
      expect(status, query).toBe(400);
      expect(JSON.stringify(body), query).toContain(message);
    }
    // A leap year's 366 days are one report.
    expect((await get("/api/reports/summary?from=2032-01-01&to=2032-12-31")).status).toBe(200);
  });

  it("is for admins: 401 signed out, 403 for a member", async () => {
    expect((await get(`/api/reports/summary?${RANGE}`, null)).status).toBe(401);
    expect((await get(`/api/reports/summary?${RANGE}`, member)).status).toBe(403);
    expect((await get(`/api/reports?${RANGE}`, member)).status).toBe(403);
    expect((await get(`/api/reports/csv?${RANGE}&section=days`, null)).status).toBe(401);
  });
});

describe("GET /api/reports", { tags: ["engine"] }, () => {
  let report: Report;
  beforeAll(async () => {
    report = (await get(`/api/reports?${RANGE}`)).body as Report;
  });

  it("a calendar month is compared with the month before: June with 1–31 May, not 1–30 May", async () => {
    const june = (await get("/api/reports?from=2031-06-01&to=2031-06-30")).body as Report;
    expect(june.previous).toMatchObject({ from: "2031-05-01", to: "2031-05-31" });
  });

  it("compares with the seven days before: 26 May to 1 June", () => {
    expect(report.previous).toMatchObject({
      from: "2031-05-26",
      to: "2031-06-01",
      // A (30 May), C (23:59 on 1 June), F (1 June).
      bookings: 3,
      visits: 1,
      completedVisits: 1,
      revenueCompleted: 50,
      revenueBooked: 50,
    });
  });

  it("per day: every day of the range, requests by the day made and revenue by the visit's day", () => {
    expect(report.days.map((d) => d.date)).toEqual([
      "2031-06-02",
      "2031-06-03",
      "2031-06-04",
      "2031-06-05",
      "2031-06-06",
      "2031-06-07",
      "2031-06-08",
    ]);
    expect(report.days[0]).toEqual({
      date: "2031-06-02",
      bookings: 2,
      visits: 1,
      revenueBooked: 100,
      revenueCompleted: 100,
      takings: 0,
      cancellations: 0,
      noShows: 0,
    });
    expect(report.days[2]).toMatchObject({ revenueBooked: 0, cancellations: 1 });
    expect(report.days[3]).toMatchObject({ revenueBooked: 0, noShows: 1 });
    expect(report.days[6]).toMatchObject({ bookings: 1, visits: 0 });
  });

  it("bay use: the windows each visit holds, against bays × open days", () => {
    const cell = (weekday: number, slot: string) => report.bayUse.find((c) => c.weekday === weekday && c.slot === slot);
    // One Monday, three bays; A holds 09:00–11:00.
    expect(cell(1, "09:00–11:00")).toEqual({ weekday: 1, slot: "09:00–11:00", used: 1, offered: 3 });
    // F's four hours on Saturday hold two windows.
    expect(cell(6, "09:00–11:00")).toMatchObject({ used: 1 });
    expect(cell(6, "11:00–13:00")).toMatchObject({ used: 1 });
    // D, the no-show on Thursday, held nothing.
    expect(report.bayUse.filter((c) => c.weekday === 4).every((c) => c.used === 0)).toBe(true);
    // The windows in order, each with the hours the shop is open in it: the last ends at 6 PM, not 7.
    expect(report.bayWindows.map((w) => w.slot)).toEqual([
      "09:00–11:00",
      "11:00–13:00",
      "13:00–15:00",
      "15:00–17:00",
      "17:00–19:00",
    ]);
    expect(report.bayWindows.at(-1)).toEqual({ slot: "17:00–19:00", open: "17:00–18:00" });
    expect(report.bayWindows[0]).toEqual({ slot: "09:00–11:00", open: "09:00–11:00" });
  });

  it("bay use leaves a closed date out of both figures: its visit used no place offered", async () => {
    // E's Friday, closed after it was booked: its places go, and so does its use of them.
    const friday = (r: Report) => r.bayUse.filter((c) => c.weekday === 5);
    expect(friday(report).reduce((sum, c) => sum + c.used, 0)).toBe(1);
    await t.database.db.insert(closedDates).values({ date: "2031-06-06", reason: "Flooded" });
    try {
      const closed = (await get(`/api/reports?${RANGE}`)).body as Report;
      expect(friday(closed).every((c) => c.used === 0 && c.offered === 0)).toBe(true);
      // Its visit and revenue still count: only the bays are left out.
      expect(closed.summary.revenueBooked).toBe(report.summary.revenueBooked);
    } finally {
      await t.database.db.delete(closedDates).where(eq(closedDates.date, "2031-06-06"));
    }
  });

  it("the mix: lines of visits not cancelled and not no-shows, and vehicle classes", () => {
    expect(report.mix).toEqual([
      { kind: "package", label: "Gold (Small)", count: 1, revenue: 100 },
      { kind: "service", label: "Hand Wash (Large)", count: 1, revenue: 40 },
      { kind: "service", label: "Exterior Wash (Medium)", count: 1, revenue: 30 },
      { kind: "service", label: "Exterior Wash (Small)", count: 1, revenue: 20 },
      { kind: "add-on", label: "Tire Shine", count: 1, revenue: 10 },
      // A class by its name, as Prices has it.
      { kind: "vehicle-class", label: "Small", count: 2, revenue: 120 },
      { kind: "vehicle-class", label: "Large", count: 1, revenue: 47.5 },
      { kind: "vehicle-class", label: "Medium", count: 1, revenue: 30 },
    ]);
  });
});

describe("GET /api/reports/csv", () => {
  it("answers a section's table as CSV", async () => {
    const response = await t.request(`/api/reports/csv?${RANGE}&section=days`, {
      headers: { cookie: admin.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain("report-days-2031-06-02-2031-06-08.csv");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8's byte-order mark first, for Excel.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split("\r\n")[0]).toBe(
      "date,bookings,visits,revenueBooked,revenueCompleted,takings,cancellations,noShows",
    );
    expect(text).toContain("2031-06-02,2,1,100,100,0,0,0\r\n");
  });

  it("refuses an unknown section", async () => {
    expect((await get(`/api/reports/csv?${RANGE}&section=everything`)).status).toBe(400);
  });
});

describe("under simultaneous bookings", { tags: ["engine"] }, () => {
  it("a rush on one day: every figure as a recount from every booking finds it", async () => {
    const day = inDays(10);
    const windows = ["09:00–11:00", "11:00–13:00", "13:00–15:00"];
    // Six visits already booked that day, in a fourth window; three are cancelled and three moved
    // into the rush's windows while twelve customers ask for those windows' nine places.
    const earlier = await insertBookings(
      t.database.db,
      Array.from({ length: 6 }, (_, i) =>
        buildBooking({
          email: `early${i}@example.com`,
          preferredDate: day,
          preferredTimeSlot: "15:00–17:00",
          status: "confirmed",
          lines: gold,
          totalCents: 10_000,
          sizeClass: "small",
        }),
      ),
    );
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => {
        const request = jsonPost(
          buildBookingRequest({ email: `rush${i}@example.com`, preferredDate: day, preferredTimeSlot: windows[i % 3] }),
        );
        return callAs(t, null, "/api/bookings", {
          ...request,
          headers: { ...request.headers, "X-Forwarded-For": `198.51.100.${i + 1}` },
        });
      }),
      ...earlier.map((booking, i) =>
        callAs(
          t,
          admin,
          `/api/bookings/${booking.id}`,
          jsonPost(i < 3 ? { status: "cancelled" } : { preferredTimeSlot: windows[i % 3] }, { method: "PATCH" }),
        ),
      ),
      // The owner reads the day's report meanwhile: each read counts the windows marked so far.
      ...Array.from({ length: 3 }, () => get(`/api/reports/summary?from=${day}&to=${day}`)),
    ]);
    const made = answers.slice(0, 12).filter((a) => a.status === 201).length;
    const moved = answers.slice(15, 18).filter((a) => a.status === 200).length;
    expect(answers.slice(18).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.slice(12, 15).map((a) => a.status)).toEqual([200, 200, 200]);
    // Nine places: each answer took one or was told the window is full.
    expect(made + moved).toBe(9);
    expect(answers.every((a) => [200, 201, 409].includes(a.status))).toBe(true);

    const { body } = await get(`/api/reports/summary?from=${day}&to=${day}`);
    expect(body).toMatchObject({ visits: made + 6, cancellations: 3, revenueBooked: expect.any(Number) });
    const report = (await get(`/api/reports?from=${day}&to=${day}`)).body as Report;
    const weekday = weekdayOf(day);
    const used = (slot: string) => report.bayUse.find((c) => c.weekday === weekday && c.slot === slot)?.used;
    expect(windows.map(used)).toEqual([3, 3, 3]);
    expect(used("15:00–17:00")).toBe(3 - moved);

    // The rollup as the reads counted it equals one counted again from every booking.
    const rollup = async () =>
      (
        (await t.database.db.execute(
          sql`select day::text, slot, figure, key, n::int, amount::int from visit_figures
            where n <> 0 or amount <> 0 order by 1, 2, 3, 4`,
        )) as unknown as { rows: unknown[] }
      ).rows;
    const kept = await rollup();
    await t.database.db.execute(sql`delete from app_settings where key = 'report-time-zone'`);
    expect(await keepVisitFigures(t.database.db, defaultSiteConfig.timeZone)).toBeGreaterThan(0);
    expect(await rollup()).toEqual(kept);
  });
});
