import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Booking } from "~/features/bookings/bookings.schema";
import { businessToday } from "~/lib/business-date";
import { as, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest as request, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { bookings } from "~/.server/db/schema";

const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;
let member: TestAccount;
let other: TestAccount;
let planId: string;

const today = businessToday("America/New_York");
const book = (account: TestAccount | null, body: unknown) =>
  t.request("/api/bookings", jsonPost(body, { cookie: account?.cookie }));

beforeAll(async () => {
  [admin, member, other] = [await signUpAdmin(t), await signUp(t), await signUp(t)];
  const [plan] = await insertPlans(t.database.db, [buildPlan({ name: "Signature Wash & Wax", priceCents: 5499 })]);
  planId = plan!.id;
});

describe("capacity", () => {
  it(
    "100 simultaneous requests for a slot with 3 places give exactly 3 bookings and 97 answers of 409",
    { tags: ["engine"] },
    async () => {
      const date = inDays(20);
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          book(null, request({ email: `racer${i}@example.com`, preferredDate: date })),
        ),
      );
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(3);
      expect(statuses.filter((s) => s === 409)).toHaveLength(97);
      const refused = await responses.find((r) => r.status === 409)!.json();
      expect(refused).toMatchObject({
        error: { code: "conflict", message: "That time slot is full. Please choose another." },
      });
      expect(await t.database.db.$count(bookings, eq(bookings.preferredDate, date))).toBe(3);
      const availability = await t.json<{ slots: { slot: string; remaining: number }[] }>(
        `/api/availability?date=${date}`,
      );
      expect(availability.body.slots[0]).toMatchObject({
        slot: "09:00–11:00",
        remaining: 0,
        started: false,
        offered: false,
      });
      expect(availability.body.slots[0]).toMatchObject({ reason: "full" });
      expect(availability.body.slots[1]).toMatchObject({
        slot: "11:00–13:00",
        remaining: 3,
        started: false,
        offered: true,
      });
    },
  );

  it("'Anytime' requests take no slot", async () => {
    const date = inDays(21);
    // Five customers: one may hold only two bookings a day.
    for (let i = 0; i < 5; i++) {
      const anytime = request({ email: `anytime${i}@example.com`, preferredDate: date, preferredTimeSlot: "Anytime" });
      expect((await book(null, anytime)).status).toBe(201);
    }
    const availability = await t.json<{ slots: { remaining: number }[] }>(`/api/availability?date=${date}`);
    expect(availability.body.slots.every((s) => s.remaining === 3)).toBe(true);
  });
});

describe("the request's rules (specification section 5)", () => {
  it.each([
    ["fullName", { fullName: "" }, "Full name is required"],
    ["phone", { phone: "" }, "Phone number is required"],
    ["phone", { phone: "12-34" }, "Enter a valid phone number"],
    ["phone", { phone: "call me maybe" }, "Enter a valid phone number"],
    ["phone", { phone: "555 0100\n5550101" }, "Enter a valid phone number"],
    ["email", { email: "" }, "Email is required"],
    ["email", { email: "jamie.example.com" }, "Provide a valid email"],
    ["vehicleType", { vehicleType: "" }, "Select vehicle type"],
    ["vehicleYear", { vehicleYear: 1979 }, "Year must be 1980 or newer"],
    ["vehicleYear", { vehicleYear: Number(today.slice(0, 4)) + 2 }, `Year must be ≤ ${Number(today.slice(0, 4)) + 1}`],
    ["serviceType", { serviceType: "Car Spa" }, "Choose a service"],
    ["preferredDate", { preferredDate: "" }, "Select a date"],
    ["preferredDate", { preferredDate: inDays(-1) }, "Choose today or a later date"],
    ["preferredTimeSlot", { preferredTimeSlot: "" }, "Select a time slot"],
  ])("%s: %j → %s", async (field, overrides, message) => {
    const response = await book(null, request(overrides));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(
      message,
    );
  });

  it("accepts no vehicle year, and stores the request as pending with the server's values", async () => {
    const response = await book(null, request({ vehicleYear: "", email: "Visitor@Example.com" }));
    expect(response.status).toBe(201);
    const { insertedId } = (await response.json()) as { insertedId: string };
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, insertedId));
    expect(row).toMatchObject({
      status: "pending",
      email: "visitor@example.com",
      vehicleYear: null,
      packageName: null,
      packagePriceCents: null,
      packageSelection: "None",
    });
    // The specification's booking names no package 'Package'.
    const listed = await t.json<Booking[]>("/api/bookings?q=visitor%40example.com", as(admin));
    expect(listed.body.find((b) => b._id === insertedId)).toMatchObject({ packageName: "Package", packagePrice: null });
  });

  it.each([["status"], ["packagePrice"], ["discount"], ["createdAt"], ["finalPrice"]])(
    "refuses a client-set %s",
    async (field) => {
      const response = await book(member, request({ [field]: field === "status" ? "confirmed" : 0 }));
      expect(response.status).toBe(400);
    },
  );
});

describe("the package form and WASH5", () => {
  it("needs a signed-in user, takes the account's e-mail and the package's own price", async () => {
    expect((await book(null, request({ planId }))).status).toBe(401);
    const response = await book(member, request({ planId, email: "someone-else@example.com", promoCode: "wash5" }));
    expect(response.status).toBe(201);
    const { insertedId } = (await response.json()) as { insertedId: string };
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, insertedId));
    expect(row).toMatchObject({
      email: member.email,
      packageName: "Signature Wash & Wax",
      packagePriceCents: 5499,
      promoCode: "WASH5",
      discountCents: 275,
      finalPriceCents: 5224,
    });
  });

  it("refuses a second use of WASH5 by the same customer, and an unknown code", async () => {
    const again = await book(member, request({ planId, promoCode: "WASH5", preferredDate: inDays(11) }));
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { fields: Record<string, string> } }).error.fields.promoCode).toBe(
      "You have already used this code.",
    );
    const unknown = await book(member, request({ planId, promoCode: "FREEWASH" }));
    expect(((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields.promoCode).toBe(
      "This promo code isn't valid.",
    );
  });
});

describe("reading and changing bookings", () => {
  let mine: string;
  beforeAll(async () => {
    const response = await book(member, request({ planId, preferredDate: inDays(12) }));
    ({ insertedId: mine } = (await response.json()) as { insertedId: string });
  });

  it("a visitor cannot list bookings; a member lists only their own; an admin lists all", async () => {
    expect((await t.request("/api/bookings")).status).toBe(401);
    const own = (await (await t.request("/api/bookings", as(member))).json()) as Booking[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((b) => b.email === member.email)).toBe(true);
    expect((await (await t.request("/api/bookings", as(other))).json()) as Booking[]).toEqual([]);
    const all = await t.request("/api/bookings?limit=200", as(admin));
    expect(Number(all.headers.get("x-total-count"))).toBeGreaterThan(own.length);
  });

  it("counts a list's matches on every page: the first, a later one, and one past the last", async () => {
    const customer = await signUp(t);
    for (const days of [31, 32, 33])
      expect((await book(customer, request({ planId, preferredDate: inDays(days) }))).status).toBe(201);
    const page = async (query: string) => {
      const response = await t.request(`/api/bookings?${query}`, as(customer));
      return {
        total: response.headers.get("x-total-count"),
        dates: ((await response.json()) as Booking[]).map((b) => b.preferredDate),
      };
    };
    expect(await page("limit=2")).toEqual({ total: "3", dates: [inDays(31), inDays(32)] });
    expect(await page("limit=2&offset=2")).toEqual({ total: "3", dates: [inDays(33)] });
    expect(await page("limit=2&offset=4")).toEqual({ total: "3", dates: [] });
    expect(await page("limit=2&status=cancelled")).toEqual({ total: "0", dates: [] });
  });

  it("another member cannot cancel or even see someone's booking", async () => {
    const response = await t.request(
      `/api/bookings/${mine}`,
      jsonPost({ status: "cancelled" }, { cookie: other.cookie, method: "PATCH" }),
    );
    expect(response.status).toBe(404);
  });

  it("a member may only cancel, once", async () => {
    const patch = (body: unknown) =>
      t.request(`/api/bookings/${mine}`, jsonPost(body, { cookie: member.cookie, method: "PATCH" }));
    expect((await patch({ status: "confirmed" })).status).toBe(403);
    expect((await patch({ preferredTimeSlot: "11:00–13:00" })).status).toBe(403);
    expect(await (await patch({ status: "cancelled" })).json()).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
    });
    const again = await patch({ status: "cancelled" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe("Already cancelled");
  });

  it("an admin confirms and moves a booking, but not into a full slot", async () => {
    const date = inDays(30);
    for (let i = 0; i < 3; i++) {
      const filler = request({
        email: `filler${i}@example.com`,
        preferredDate: date,
        preferredTimeSlot: "13:00–15:00",
      });
      await book(null, filler);
    }
    const { insertedId } = (await (
      await book(null, request({ preferredDate: date, preferredTimeSlot: "Anytime" }))
    ).json()) as { insertedId: string };
    const patch = (body: unknown) =>
      t.request(`/api/bookings/${insertedId}`, jsonPost(body, { cookie: admin.cookie, method: "PATCH" }));
    expect((await patch({ preferredTimeSlot: "13:00–15:00" })).status).toBe(409);
    expect(await (await patch({ status: "confirmed", preferredTimeSlot: "15:00–17:00" })).json()).toMatchObject({
      modifiedCount: 1,
    });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, insertedId));
    expect(row).toMatchObject({ status: "confirmed", preferredTimeSlot: "15:00–17:00" });
  });
});
