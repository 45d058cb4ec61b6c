import { eq } from "drizzle-orm";
import type { AppLoadContext, LoaderFunctionArgs } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, outbox } from "~/.server/db/schema";
import { REBOOK_REFUSED } from "~/features/bookings/bookings.schema";
import { newObjectId } from "~/lib/object-id";
import { zonedTimeToUtc } from "~/lib/business-date";
import { loader } from "~/routes/booking";
import { callAs, jsonPost, signUp, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { insertOilChangeVisit } from "../../tests/oil-change-visits";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";

/**
 * Issue 28: a due reminder's one-tap link (/booking?rebook=<token>) opens the booking form holding
 * the customer's details, the vehicle and the oil change, read by the booking page's loader; one
 * changed character and it fills nothing. A booking sent with it is that vehicle's next oil change,
 * so the reminders for it stop.
 */
const TIME_ZONE = "America/New_York";
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_TIMEZONE: TIME_ZONE } });

let member: TestAccount;
beforeAll(async () => {
  member = await signUp(t);
});

/** The booking page's loader, as React Router runs it for a request of `/booking<query>`: its data, and its headers. */
async function loadBookingPage(query: string): Promise<{ rebook: unknown; headers?: Record<string, string> }> {
  const context = { services: t.services, site: t.services.dependencies.site } as AppLoadContext;
  const answer = (await loader({
    request: new Request(`${TEST_ORIGIN}/booking${query}`),
    context,
    params: {},
  } as LoaderFunctionArgs)) as
    { rebook: unknown } | { data: { rebook: unknown }; init: { headers: Record<string, string> } };
  // With a link the answer carries the private page's headers (data()); without, it is the data alone.
  return "init" in answer ? { ...answer.data, headers: answer.init.headers } : { ...answer, headers: undefined };
}

/** The vehicle of the visits below (tests/oil-change-visits.ts), with a plate. */
const VISIT_VEHICLE = {
  vehicleType: "SUV",
  vehicleYear: 2020,
  vehicleMake: "Honda",
  vehicleModel: "CR-V",
  vehicleColor: "Silver",
  vehiclePlate: "ABC-123",
};

let sequence = 0;
const visit = (overrides: Parameters<typeof insertOilChangeVisit>[1] = {}) =>
  insertOilChangeVisit(t, { email: `rebook-${++sequence}-${Date.now()}@example.com`, ...overrides });

/** Changes one character of a token, at `at` (negative: from the end). */
function changed(token: string, at: number): string {
  const i = at < 0 ? token.length + at : at;
  return token.slice(0, i) + (token[i] === "a" ? "b" : "a") + token.slice(i + 1);
}

const dueReminders = async (bookingId: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.bookingId, bookingId))).filter(
    (row) => row.template === "due-reminder",
  );

describe("the rebook link", () => {
  it("fills the form with the customer, the vehicle and the oil change, in a private page", async () => {
    const { booking, recordId } = await visit({ phone: "(555) 300-4000", vehiclePlate: "ABC-123" });
    const token = t.services.rebookLinks.token(recordId);
    expect(t.services.rebookLinks.url(recordId)).toBe(`${TEST_ORIGIN}/booking?rebook=${token}`);
    const page = await loadBookingPage(`?rebook=${token}`);
    expect(page.rebook).toEqual({
      token,
      fullName: "Dana Whitfield",
      phone: "(555) 300-4000",
      email: booking.email,
      ...VISIT_VEHICLE,
      serviceType: "Oil Change",
    });
    expect(page.headers).toMatchObject({ "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" });
  });

  it("refuses a changed character, an unknown record and another link's token, and fills nothing", async () => {
    const { booking, recordId } = await visit();
    const token = t.services.rebookLinks.token(recordId);
    const tokens = [
      changed(token, 0),
      changed(token, 23),
      changed(token, -1),
      token.slice(0, -1),
      t.services.rebookLinks.token(newObjectId()),
      t.services.manageLinks.manageToken(booking.id),
      "not-a-token",
    ];
    for (const bad of tokens) {
      const page = await loadBookingPage(`?rebook=${encodeURIComponent(bad)}`);
      expect(page, bad).toEqual({
        rebook: "refused",
        headers: expect.objectContaining({ "Cache-Control": "private, no-store" }),
      });
      expect(JSON.stringify(page)).not.toContain(booking.email);
    }
    // No link: the page everyone sees, which caches may keep.
    expect(await loadBookingPage("")).toEqual({ rebook: null, headers: undefined });
  });

  it("chooses the last visit's package again while it is an oil change the shop still sells", async () => {
    const [oil, wash] = await insertPlans(t.database.db, [
      buildPlan({ name: "Full Synthetic Oil Change", packageType: "services" }),
      buildPlan({ name: "Signature Wash & Wax", packageType: "standard" }),
    ]);
    const withOil = await visit({ planId: oil!.id, packageName: oil!.name });
    const withWash = await visit({ planId: wash!.id, packageName: wash!.name });
    const read = async (recordId: string) =>
      (await loadBookingPage(`?rebook=${t.services.rebookLinks.token(recordId)}`)).rebook as { planId?: string };
    expect((await read(withOil.recordId)).planId).toBe(oil!.id);
    expect((await read(withWash.recordId)).planId).toBeUndefined();
  });

  it("fills nothing once a later oil change of the vehicle is recorded, or a year after the due date", async () => {
    const older = await visit();
    await insertOilChangeVisit(t, { email: older.booking.email, servicedOn: "2026-11-20", odometer: 39_000 });
    const longAgo = await visit({ servicedOn: "2025-03-01", odometer: 20_000 });
    for (const { recordId } of [older, longAgo])
      expect((await loadBookingPage(`?rebook=${t.services.rebookLinks.token(recordId)}`)).rebook).toBe("refused");
  });
});

describe("a booking sent from the link", () => {
  /** The form's request as the link filled it in, the customer having chosen the day and the time. */
  const fromLink = (token: string, email: string, overrides: Record<string, unknown> = {}) =>
    buildBookingRequest({
      email,
      fullName: "Dana Whitfield",
      vehicleType: "SUV",
      serviceType: "Oil Change",
      preferredDate: inDays(4),
      rebook: token,
      ...overrides,
    });

  /** Sends the form's request as a visitor (the link is the key, as the manage link is): the booking made. */
  async function sendFromLink(token: string, email: string, overrides: Record<string, unknown> = {}) {
    const sent = await callAs(t, null, "/api/bookings", jsonPost(fromLink(token, email, overrides)));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const id = (sent.body as { insertedId: string }).insertedId;
    return (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  }

  /** The reminder's day has come: the sweep queues nothing for the visit. */
  async function noReminderFor(bookingId: string) {
    await t.services.followUps.runDue(zonedTimeToUtc("2027-02-24", "09:00", TIME_ZONE));
    expect(await dueReminders(bookingId)).toHaveLength(0);
  }

  it("is for the oil change's vehicle, and the reminders for it stop", async () => {
    const { booking, recordId } = await visit({ vehiclePlate: "ABC-123" });
    const token = t.services.rebookLinks.token(recordId);
    // Whatever the vehicle fields say, the link's vehicle is booked (and priced: an SUV).
    expect(await sendFromLink(token, booking.email, { vehicleType: "Car" })).toMatchObject({
      ...VISIT_VEHICLE,
      serviceType: "Oil Change",
    });
    await noReminderFor(booking.id);
  });

  it("keeps a member's garage vehicle, booked by whoever holds the link", async () => {
    const added = await callAs(
      t,
      member,
      "/api/vehicles",
      jsonPost({ vehicleType: "Truck", make: "Ford", model: "F-150" }),
    );
    expect(added.status).toBe(201);
    const vehicleId = (added.body as { insertedId: string }).insertedId;
    const { booking, recordId } = await visit({
      email: member.email.toLowerCase(),
      userId: member.id,
      vehicleId,
      vehicleType: "Truck",
      vehicleMake: "Ford",
      vehicleModel: "F-150",
    });
    const token = t.services.rebookLinks.token(recordId);
    expect((await sendFromLink(token, booking.email, { vehicleType: "Truck" })).vehicleId).toBe(vehicleId);
    await noReminderFor(booking.id);
  });

  it("is refused with a changed character, and nothing is booked", async () => {
    const { booking, recordId } = await visit();
    const token = changed(t.services.rebookLinks.token(recordId), -3);
    const before = await t.database.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.email, booking.email));
    const sent = await callAs(t, null, "/api/bookings", jsonPost(fromLink(token, booking.email)));
    expect(sent).toEqual({
      status: 400,
      body: { error: { code: "validation_failed", message: REBOOK_REFUSED, fields: { rebook: REBOOK_REFUSED } } },
    });
    expect(
      await t.database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.email, booking.email)),
    ).toEqual(before);
  });
});
