import { beforeAll, describe, expect, it } from "vitest";
import { callAs, jsonPost, signUp, signUpAdmin, refusedForRole, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, inDays, insertPlans, type BookingRequestBody } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { appSettings, bookings, closedDates, outbox } from "~/.server/db/schema";

/**
 * Every booking route, called as a visitor, a member, another member and an admin: the designed
 * status and body, nobody reaches another customer's booking, and refusals change nothing.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });

type Caller = "visitor" | "member" | "other" | "admin";
const callers: Caller[] = ["visitor", "member", "other", "admin"];
let who: Record<Caller, TestAccount | null>;
let planId: string;
let membersBooking: string;
let outboxId: string;

const unauthorized = { status: 401, body: { error: { code: "unauthorized", message: "Please log in." } } };
const notFound = { status: 404, body: { error: { code: "not_found", message: "Booking not found." } } };
const date = inDays(14);
// "Anytime" holds no bay, so the many requests below never fill a slot.
const request = (overrides: Partial<BookingRequestBody> = {}) =>
  buildBookingRequest({ preferredDate: date, preferredTimeSlot: "Anytime", ...overrides });
const call = (caller: Caller, path: string, init: RequestInit = {}) => callAs(t, who[caller], path, init);
const post = (caller: Caller, path: string, body: unknown, method = "POST") =>
  call(caller, path, jsonPost(body, { method }));
const snapshot = async () => ({
  bookings: await t.database.db.select().from(bookings).orderBy(bookings.id),
  settings: await t.database.db.select().from(appSettings).orderBy(appSettings.key),
  closed: await t.database.db.select().from(closedDates),
});

beforeAll(async () => {
  who = { visitor: null, member: await signUp(t), other: await signUp(t), admin: await signUpAdmin(t) };
  const [plan] = await insertPlans(t.database.db, [buildPlan({ priceCents: 5000 })]);
  planId = plan!.id;
  membersBooking = (await post("member", "/api/bookings", request({ planId }))).body.insertedId;
  outboxId = (await t.database.db.select().from(outbox))[0]!.id;
});

describe("POST /api/bookings", () => {
  it("the contact form takes anyone; the package form needs a signed-in user", async () => {
    for (const caller of callers) {
      expect((await post(caller, "/api/bookings", request())).status).toBe(201);
      // Another date: one customer may hold only two bookings a day.
      const packageRequest = request({ planId, preferredDate: inDays(15) });
      expect(await post(caller, "/api/bookings", packageRequest).then((r) => r.status)).toBe(
        caller === "visitor" ? 401 : 201,
      );
    }
  });

  it.each([
    ["status", "confirmed"],
    ["packagePrice", 0],
    ["packageName", "Free wash"],
    ["discount", 50],
    ["finalPrice", 0],
    ["createdAt", "2020-01-01T00:00:00Z"],
  ])("nobody sets %s on create", async (field, value) => {
    // The body is refused before the package form's sign-in rule is reached, so visitors get 400 too.
    for (const caller of callers)
      expect((await post(caller, "/api/bookings", request({ planId, [field]: value }))).status).toBe(400);
  });

  it("a signed-in caller's booking carries their own e-mail, whatever the body says", async () => {
    const { body } = await post(
      "member",
      "/api/bookings",
      request({ email: who.other!.email, preferredDate: inDays(16) }),
    );
    const mine = await call("member", "/api/bookings?limit=200");
    expect(mine.body.map((b: { _id: string }) => b._id)).toContain(body.insertedId);
    expect((await call("other", "/api/bookings?limit=200")).body.map((b: { _id: string }) => b._id)).not.toContain(
      body.insertedId,
    );
  });
});

describe("GET /api/bookings and /api/availability", () => {
  it("a visitor cannot list; members see only their own; an admin sees everyone's", async () => {
    expect(await call("visitor", "/api/bookings")).toEqual(unauthorized);
    for (const caller of ["member", "other"] as const) {
      const { body } = await call(caller, "/api/bookings?limit=200");
      expect(body.length).toBeGreaterThan(0);
      expect(body.every((b: { email: string }) => b.email === who[caller]!.email)).toBe(true);
    }
    const all = await call("admin", "/api/bookings?limit=200");
    // An admin books for a customer: their package request without an e-mail is a counter booking with none.
    expect(new Set(all.body.map((b: { email: string }) => b.email))).toEqual(
      new Set([who.member!.email, who.other!.email, "", "jamie@example.com"]),
    );
  });

  it("a member's filters never widen the list to others' bookings", async () => {
    const { body } = await call(
      "other",
      `/api/bookings?q=${encodeURIComponent(who.member!.email)}&status=pending&limit=200`,
    );
    expect(body).toEqual([]);
  });

  it.each(callers)("availability answers %s", async (caller) => {
    expect((await call(caller, `/api/availability?date=${date}`)).status).toBe(200);
  });
});

describe("PATCH /api/bookings/:id", () => {
  it("a visitor and another member cannot touch a member's booking; it stays as it was", async () => {
    const before = await snapshot();
    expect(await post("visitor", `/api/bookings/${membersBooking}`, { status: "cancelled" }, "PATCH")).toEqual(
      unauthorized,
    );
    expect(await post("other", `/api/bookings/${membersBooking}`, { status: "cancelled" }, "PATCH")).toEqual(notFound);
    expect(
      await post("other", `/api/bookings/${membersBooking}`, { preferredTimeSlot: "09:00–11:00" }, "PATCH"),
    ).toEqual(notFound);
    expect(await snapshot()).toEqual(before);
  });

  it("the owner may set no status but cancelled, and no slot", async () => {
    const before = await snapshot();
    for (const change of [
      { status: "confirmed" },
      { status: "pending" },
      { preferredTimeSlot: "09:00–11:00" },
      { status: "cancelled", preferredTimeSlot: "09:00–11:00" },
    ]) {
      expect(await post("member", `/api/bookings/${membersBooking}`, change, "PATCH")).toEqual({
        status: 403,
        body: { error: { code: "forbidden", message: "You can only cancel your booking." } },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect(await post("member", `/api/bookings/${membersBooking}`, { status: "cancelled" }, "PATCH")).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 },
    });
  });

  it("nobody sends other fields through it", async () => {
    for (const caller of ["member", "admin"] as const) {
      expect(
        (await post(caller, `/api/bookings/${membersBooking}`, { status: "confirmed", finalPrice: 0 }, "PATCH")).status,
      ).toBe(400);
      expect((await post(caller, `/api/bookings/${membersBooking}`, { email: "x@example.com" }, "PATCH")).status).toBe(
        400,
      );
    }
  });
});

describe("admin-only booking routes", () => {
  const routes = () =>
    [
      ["GET /api/bookings/export.csv", "/api/bookings/export.csv", {}],
      ["GET /api/bookings/day", `/api/bookings/day?date=${date}`, {}],
      ["GET /api/booking-settings", "/api/booking-settings", {}],
      ["PATCH /api/booking-settings", "/api/booking-settings", jsonPost({ bays: 9 }, { method: "PATCH" })],
      ["GET /api/closed-dates", "/api/closed-dates", {}],
      ["POST /api/closed-dates", "/api/closed-dates", jsonPost({ date })],
      ["DELETE /api/closed-dates/:date", `/api/closed-dates/${date}`, { method: "DELETE" }],
      ["GET /api/outbox/:id/attachments/0", `/api/outbox/${outboxId}/attachments/0`, {}],
    ] as const;

  it.each(["visitor", "member", "other"] as const)("refuse %s and change nothing", async (caller) => {
    const before = await snapshot();
    for (const [, path, init] of routes())
      expect(await call(caller, path, init)).toEqual(caller === "visitor" ? unauthorized : refusedForRole);
    expect(await snapshot()).toEqual(before);
  });

  it("answer an admin", async () => {
    const statuses = [];
    for (const [name, path, init] of routes()) statuses.push([name, (await call("admin", path, init)).status]);
    expect(statuses).toEqual([
      ["GET /api/bookings/export.csv", 200],
      ["GET /api/bookings/day", 200],
      ["GET /api/booking-settings", 200],
      ["PATCH /api/booking-settings", 200],
      ["GET /api/closed-dates", 200],
      ["POST /api/closed-dates", 201],
      ["DELETE /api/closed-dates/:date", 200],
      ["GET /api/outbox/:id/attachments/0", 200],
    ]);
  });
});
