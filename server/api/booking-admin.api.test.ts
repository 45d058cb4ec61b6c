import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { utcStamp } from "~/features/bookings/booking-calendar";
import type { Booking } from "~/features/bookings/bookings.schema";
import { DEFAULT_SHOP_HOURS } from "~/features/bookings/shop-hours";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { defaultSiteConfig } from "~/lib/site-config";
import { as, callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import {
  buildBooking,
  buildBookingRequest as request,
  buildPlan,
  dayAhead,
  inDays,
  insertBookings,
  insertPlans,
  LONG_DAYS,
} from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { bookings } from "~/.server/db/schema";
import { noticesMentioning, noticesTo } from "../../tests/outbox-mail";

/** Booking e-mails, booking settings (bays, business address, closed dates), the Today view and the CSV export. */
const t = setupTestApp({
  env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_EMAIL: "frontdesk@example.com", BUSINESS_TIMEZONE: "America/New_York" },
});
let admin: TestAccount;
let member: TestAccount;
let planId: string;

const book = (account: TestAccount | null, body: unknown) => callAs(t, account, "/api/bookings", jsonPost(body));
const patchBooking = (id: string, body: unknown, account: TestAccount) =>
  t.request(`/api/bookings/${id}`, jsonPost(body, { cookie: account.cookie, method: "PATCH" }));
const settings = (body: unknown) =>
  t.json<{ bays: number; notifyEmail: string; error: { fields: Record<string, string> } }>(
    "/api/booking-settings",
    jsonPost(body, { cookie: admin.cookie, method: "PATCH" }),
  );
const mailTo = (to: string) => noticesTo(t, to);

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  const [plan] = await insertPlans(t.database.db, [buildPlan({ name: "Premium Shine", priceCents: 28900 })]);
  planId = plan!.id;
});

describe("booking e-mails", () => {
  it("a new request: the customer gets the slot in the business's time and an .ics; the business gets a copy", async () => {
    const date = inDays(2);
    const { body } = await book(
      null,
      request({ email: "ics.customer@example.com", preferredDate: date, preferredTimeSlot: "13:00–15:00" }),
    );
    const [mail] = await mailTo("ics.customer@example.com");
    expect(mail!.subject).toMatch(/^We received your booking request – \w{3}, \w{3} \d{1,2}, 1–3 PM$/);
    const weekday = new Intl.DateTimeFormat("en-US", {
      weekday: "short",
      month: "short",
      day: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${date}T12:00:00Z`));
    // 12-hour times with the zone's name, as the site says them.
    expect(mail!.text).toContain(`When: ${weekday}\n  Arrive between 1–3 PM (Eastern`);
    expect(mail!.text).toContain("Status: Pending");
    expect(mail!.html).toContain(
      `${weekday}<br><span style="color:#475569;font-size:14px">Arrive between 1–3 PM (Eastern`,
    );
    const [ics] = mail!.attachments;
    expect(ics).toMatchObject({ filename: "booking.ics", contentType: expect.stringContaining("text/calendar") });
    expect(ics!.content).toContain(`UID:booking-${body.insertedId}@localhost:3000`);
    expect(ics!.content).toMatch(/DTSTART:\d{8}T1[78]0000Z\r\n/);
    expect(ics!.content).toContain("STATUS:TENTATIVE");
    expect(ics!.content).toContain("LOCATION:1250 Harbor Boulevard\\, Springfield\\, NY 10001");
    expect(ics!.content.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    const [copy] = (await mailTo("frontdesk@example.com")).filter((m) => m.text.includes("ics.customer@example.com"));
    expect(copy!.subject).toMatch(/^New booking request: Jamie Rivera, /);
    expect(copy!.text).toContain("/dashboard/manageBooking?q=ics.customer%40example.com");
  });

  it("'Anytime' is an all-day calendar entry that says the time will be agreed", async () => {
    const date = inDays(3);
    await book(
      null,
      request({ email: "anytime.customer@example.com", preferredDate: date, preferredTimeSlot: "Anytime" }),
    );
    const [mail] = await mailTo("anytime.customer@example.com");
    expect(mail!.text).toContain("Any time that day (we will call to agree the time)");
    expect(mail!.attachments[0]!.content).toContain(`DTSTART;VALUE=DATE:${date.replace(/-/g, "")}`);
    expect(mail!.attachments[0]!.content).toContain(`DTEND;VALUE=DATE:${addDays(date, 1).replace(/-/g, "")}`);
  });

  it("an 'Anytime' request placed into a window is confirmed with it: one e-mail, not 'moved' then 'confirmed'", async () => {
    const date = inDays(3);
    const { body } = await book(
      null,
      request({ email: "placed.customer@example.com", preferredDate: date, preferredTimeSlot: "Anytime" }),
    );
    expect((await patchBooking(body.insertedId, { preferredTimeSlot: "11:00–13:00" }, admin)).status).toBe(200);
    const mails = await mailTo("placed.customer@example.com");
    expect(mails.map((m) => m.subject.split(" – ")[0])).toEqual([
      "We received your booking request",
      "Your booking is confirmed for a new time",
    ]);
    expect(mails[1]!.subject).toMatch(/11 AM–1 PM$/);
    // A status sent with it is the admin's word: kept pending, the customer is told of the move only.
    const other = await book(
      null,
      request({ email: "kept.pending@example.com", preferredDate: date, preferredTimeSlot: "Anytime" }),
    );
    const kept = { status: "pending", preferredTimeSlot: "13:00–15:00" };
    expect((await patchBooking(other.body.insertedId, kept, admin)).status).toBe(200);
    expect((await mailTo("kept.pending@example.com")).map((m) => m.subject.split(" – ")[0])).toEqual([
      "We received your booking request",
      "We moved your booking",
    ]);
  });

  it("confirming with a new slot, then cancelling: the customer gets each update with a newer calendar entry", async () => {
    const date = inDays(4);
    const { body } = await book(null, request({ email: "update.customer@example.com", preferredDate: date }));
    await new Promise((resolve) => setTimeout(resolve, 1100)); // so the calendar SEQUENCE (seconds) visibly grows
    expect(
      (await patchBooking(body.insertedId, { status: "confirmed", preferredTimeSlot: "15:00–17:00" }, admin)).status,
    ).toBe(200);
    expect((await patchBooking(body.insertedId, { status: "cancelled" }, admin)).status).toBe(200);
    const [received, confirmed, cancelled] = await mailTo("update.customer@example.com");
    expect(confirmed!.subject).toMatch(/^Your booking is confirmed for a new time – .*3–5 PM$/);
    expect(confirmed!.attachments[0]!.content).toContain("STATUS:CONFIRMED");
    // 3 PM at the shop, in UTC: 20:00 in winter, 19:00 in summer time.
    const start = zonedTimeToUtc(date, "15:00", defaultSiteConfig.timeZone);
    expect(confirmed!.attachments[0]!.content).toContain(`DTSTART:${utcStamp(start)}`);
    const sequence = (mail: typeof received) => Number(/SEQUENCE:(\d+)/.exec(mail!.attachments[0]!.content)![1]);
    expect(sequence(received)).toBe(0);
    expect(sequence(confirmed)).toBeGreaterThan(0);
    expect(sequence(cancelled)).toBeGreaterThanOrEqual(sequence(confirmed));
    expect(cancelled!.subject).toMatch(/^We cancelled your booking – /);
    expect(cancelled!.attachments[0]!.content).toContain("STATUS:CANCELLED");
  });

  it("a customer's own cancellation is confirmed to them and reported to the business", async () => {
    const { body } = await book(member, request({ planId, preferredDate: inDays(5) }));
    expect((await patchBooking(body.insertedId, { status: "cancelled" }, member)).status).toBe(200);
    const mails = await mailTo(member.email);
    expect(mails.map((m) => m.subject.split(" – ")[0])).toEqual([
      "We received your booking request",
      "You cancelled your booking",
    ]);
    const notices = (await mailTo("frontdesk@example.com")).filter((m) => m.text.includes(member.email));
    expect(notices.map((m) => m.subject.split(":")[0])).toEqual([
      "New booking request",
      "Booking cancelled by customer",
    ]);
  });

  it("the business address is a setting: changed, the copy goes there; emptied, no copy is sent", async () => {
    expect((await settings({ notifyEmail: "Owner@Example.com" })).body).toEqual({
      bays: 3,
      notifyEmail: "owner@example.com",
      cancelWindowHours: 2,
      reminderHours: 24,
      offerHoldMinutes: 30,
      ...DEFAULT_SHOP_HOURS,
    });
    await book(null, request({ email: "setting.one@example.com", preferredDate: inDays(6) }));
    expect((await mailTo("owner@example.com")).some((m) => m.text.includes("setting.one@example.com"))).toBe(true);
    await settings({ notifyEmail: "" });
    await book(null, request({ email: "setting.two@example.com", preferredDate: inDays(6) }));
    const mails = await noticesMentioning(t, "setting.two@example.com");
    expect(mails.map((m) => m.to)).toEqual(["setting.two@example.com"]);
  });
});

describe("booking settings", () => {
  it("refuses bad bay counts and addresses with a message each, and changes nothing", async () => {
    for (const [bays, message] of [
      [0, "At least 1 bay"],
      [21, "At most 20 bays"],
      [2.5, "Enter a whole number of bays"],
    ] as const) {
      const response = await settings({ bays });
      expect(response.status).toBe(400);
      expect(response.body.error.fields.bays).toBe(message);
    }
    expect((await settings({ notifyEmail: "not-an-address" })).body.error.fields.notifyEmail).toBe(
      "Provide a valid email",
    );
    expect((await settings({ bays: 2, colour: "red" })).status).toBe(400);
    // Nothing sent is said, as the other settings say it (issue 42).
    const empty = await settings({});
    expect(empty).toMatchObject({ status: 400, body: { error: { code: "validation_failed" } } });
    expect(Object.values(empty.body.error.fields)).toEqual(["Change at least one setting"]);
    expect((await t.json("/api/booking-settings", as(admin))).body).toMatchObject({ bays: 3 });
  });

  it("the bay count bounds each slot at once", async () => {
    const date = inDays(40);
    expect((await settings({ bays: 1 })).body.bays).toBe(1);
    expect((await book(null, request({ preferredDate: date }))).status).toBe(201);
    const second = await book(null, request({ preferredDate: date }));
    expect(second.status).toBe(409);
    expect(second.body.error.message).toBe("That time slot is full. Please choose another.");
    await settings({ bays: 3 });
    expect((await book(null, request({ preferredDate: date }))).status).toBe(201);
  });

  it("a closed date takes no bookings until reopened; the admin learns how many bookings it already holds", async () => {
    const date = inDays(41);
    await book(null, request({ preferredDate: date }));
    const closed = await t.json(
      "/api/closed-dates",
      jsonPost({ date, reason: "Thanksgiving" }, { cookie: admin.cookie }),
    );
    expect(closed).toMatchObject({ status: 201, body: { acknowledged: true, insertedId: date, liveBookings: 1 } });
    expect((await t.json("/api/closed-dates", as(admin))).body).toContainEqual(
      // With the booking still on it (issue 29: its customer has not moved yet).
      expect.objectContaining({
        date,
        reason: "Thanksgiving",
        notMoved: [expect.objectContaining({ fullName: "Jamie Rivera" })],
      }),
    );
    const refused = await book(null, request({ preferredDate: date, preferredTimeSlot: "11:00–13:00" }));
    expect(refused.status).toBe(409);
    expect(refused.body.error.fields.preferredDate).toBe("We're closed on that date. Please choose another.");
    expect((await t.json<{ closed: boolean }>(`/api/availability?date=${date}`)).body.closed).toBe(true);

    expect((await t.json(`/api/closed-dates/${date}`, as(admin, { method: "DELETE" }))).body).toEqual({
      acknowledged: true,
      deletedCount: 1,
    });
    expect((await t.json(`/api/closed-dates/${date}`, as(admin, { method: "DELETE" }))).status).toBe(404);
    expect((await book(null, request({ preferredDate: date, preferredTimeSlot: "11:00–13:00" }))).status).toBe(201);
  });

  it("refuses closing a past or impossible date", async () => {
    for (const date of [inDays(-1), "2026-02-30", "tomorrow"]) {
      const response = await t.json<{ error: { fields: Record<string, string> } }>(
        "/api/closed-dates",
        jsonPost({ date }, { cookie: admin.cookie }),
      );
      expect(response.status).toBe(400);
      expect(response.body.error.fields.date).toMatch(/^(Select a date|Choose today or a later date)$/);
    }
  });
});

describe("impossible dates", () => {
  it("answer 400 wherever a date is read, never a database error", async () => {
    for (const path of [
      "/api/availability?date=2026-02-30",
      "/api/bookings?from=2026-02-30",
      "/api/bookings?to=2026-13-01",
      "/api/bookings/export.csv?from=2026-04-31",
      "/api/bookings/day?date=2026-02-30",
    ]) {
      const response = await t.json<{ error: { fields: Record<string, string> } }>(path, as(admin));
      expect([path, response.status]).toEqual([path, 400]);
      expect(Object.values(response.body.error.fields)).toContain("Use a date like 2026-05-31");
    }
    expect((await t.request("/api/closed-dates/2026-02-30", as(admin, { method: "DELETE" }))).status).toBe(400);
  });
});

describe("Manage Bookings: Today view, export, missing id", () => {
  it("the day view lists a date's live bookings by slot, with the bays", async () => {
    const date = dayAhead(50, LONG_DAYS);
    await book(null, request({ fullName: "Early Bird", preferredDate: date, preferredTimeSlot: "09:00–11:00" }));
    await book(null, request({ fullName: "Flexible Fay", preferredDate: date, preferredTimeSlot: "Anytime" }));
    const { body: gone } = await book(
      null,
      request({ fullName: "Gone Gary", preferredDate: date, preferredTimeSlot: "09:00–11:00" }),
    );
    await patchBooking(gone.insertedId, { status: "cancelled" }, admin);
    const day = await t.json<{ bays: number; closed: boolean; slots: { slot: string; bookings: Booking[] }[] }>(
      `/api/bookings/day?date=${date}`,
      as(admin),
    );
    expect(day.body.bays).toBe(3);
    expect(day.body.slots.map((s) => [s.slot, s.bookings.map((b) => b.fullName)])).toEqual([
      ["09:00–11:00", ["Early Bird"]],
      ["11:00–13:00", []],
      ["13:00–15:00", []],
      ["15:00–17:00", []],
      ["17:00–19:00", []],
      ["Anytime", ["Flexible Fay"]],
    ]);
  });

  it("exports the filtered list as CSV, with formulas defused", async () => {
    const date = inDays(51);
    await book(
      null,
      request({
        fullName: "Csv Carla",
        email: "csv.carla@example.com",
        preferredDate: date,
        specialInstructions: "=1+1, please",
      }),
    );
    await book(null, request({ fullName: "Other Person", email: "other.person@example.com", preferredDate: date }));
    const response = await t.request(`/api/bookings/export.csv?q=csv.carla&from=${date}&to=${date}`, as(admin));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // UTF-8's byte-order mark first, so spreadsheets read "09:00–11:00" as written.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^Reference,Requested at \(UTC\),Status,Date,Time slot,Full name,/);
    expect(lines[1]).toContain(`,pending,${date},09:00–11:00,Csv Carla,(555) 201-3344,csv.carla@example.com,`);
    // The columns added with prices by the vehicle come last: vehicle, add-ons, total, minutes.
    expect(lines[1]).toMatch(/,"'=1\+1, please",Car,,24\.99,30$/);
  });

  it("exports more rows than one batch, newest first, each once", async () => {
    const date = inDays(52);
    await insertBookings(
      t.database.db,
      Array.from({ length: 2345 }, (_, i) =>
        buildBooking({
          id: `5f000000${String(i).padStart(16, "0")}`,
          fullName: `Bulk ${i}`,
          email: `bulk${i}@example.com`,
          preferredDate: date,
          preferredTimeSlot: "Anytime",
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Math.floor(i / 3))),
        }),
      ),
    );
    const names = await exportedNames(date);
    expect(names).toHaveLength(2345);
    expect(new Set(names).size).toBe(2345);
    expect(names[0]).toBe("Bulk 2344");
    expect(names.at(-1)).toBe("Bulk 0");
  });

  /** The customer names of one day's CSV export, in its order (the name is the sixth column). */
  async function exportedNames(date: string) {
    const csv = await (await t.request(`/api/bookings/export.csv?from=${date}&to=${date}`, as(admin))).text();
    return csv
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((line) => line.split(",")[5]);
  }

  it("exports bookings made within the same millisecond each once (the batch cursor keeps microseconds)", async () => {
    const date = inDays(54);
    await t.database.db.execute(sql`
      insert into bookings (id, full_name, phone, email, vehicle_type, service_type, preferred_date, preferred_time_slot, duration_minutes, created_at)
      select '5e' || lpad(to_hex(i), 22, '0'), 'Micro ' || i, '5550100', 'micro' || i || '@example.com', 'Car', 'Hand Wash', ${date}::date, 'Anytime', 30,
             '2026-01-01T00:00:00Z'::timestamptz + i * interval '1 microsecond'
      from generate_series(1, 1500) as i`);
    const names = await exportedNames(date);
    expect(names).toHaveLength(1500);
    expect(new Set(names).size).toBe(1500);
  });

  it("counts at most 1,000 matches and says when there are more", async () => {
    await t.database.db.execute(sql`
      insert into bookings (id, full_name, phone, email, vehicle_type, service_type, preferred_date, preferred_time_slot, duration_minutes, status, created_at)
      select lpad(to_hex(i), 24, '0'), 'Many ' || i, '5550100', 'many' || i || '@example.com', 'Car', 'Hand Wash', '2024-01-01', 'Anytime', 30, 'confirmed', '2024-01-01'::timestamptz
      from generate_series(1, 1050) as i`);
    const capped = await t.request("/api/bookings?status=confirmed&limit=5", as(admin));
    expect(capped.headers.get("x-total-count")).toBe("1000");
    expect(capped.headers.get("x-total-count-exact")).toBe("false");
    // "Many 99" and "Many 990" to "Many 999".
    const exact = await t.request("/api/bookings?q=Many 99&limit=50", as(admin));
    expect(exact.headers.get("x-total-count")).toBe("11");
    expect(exact.headers.get("x-total-count-exact")).toBeNull();
    await t.database.db.delete(bookings).where(and(eq(bookings.preferredDate, "2024-01-01")));
  });

  it("searches name, phone and e-mail anywhere in the text, a whole address exactly, with % and _ taken literally", async () => {
    await book(
      null,
      request({
        fullName: "Priya Ramanathan",
        phone: "+44 20 7946 0958",
        email: "p.ram@example.org",
        preferredDate: inDays(53),
      }),
    );
    // A whole address is matched exactly (any case); parts of one anywhere in the text.
    for (const q of ["ramanath", "7946 09", "RAM@EXAMPLE", "P.Ram@Example.org"]) {
      const found = await t.json<Booking[]>(`/api/bookings?q=${encodeURIComponent(q)}`, as(admin));
      expect(found.body.map((b) => b.fullName)).toEqual(["Priya Ramanathan"]);
    }
    expect((await t.json<Booking[]>(`/api/bookings?q=${encodeURIComponent("%")}`, as(admin))).body).toEqual([]);
    expect(
      (await t.json<Booking[]>(`/api/bookings?q=${encodeURIComponent("ram@example.org")}`, as(admin))).body,
    ).toEqual([]);
  });

  it("a PATCH without a booking id says 'Missing booking id'", async () => {
    const response = await t.json<{ error: { message: string } }>(
      "/api/bookings",
      jsonPost({ status: "confirmed" }, { cookie: admin.cookie, method: "PATCH" }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe("Missing booking id");
  });
});
