import { and, eq, ne } from "drizzle-orm";
import { expect } from "vitest";
import { bookings, outbox, waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import { DEFAULT_SHOP_HOURS, type ShopHours } from "~/features/bookings/shop-hours";
import { callAs, jsonPost, type TestAccount } from "./accounts";
import { buildBookingRequest } from "./factories";
import type { TestApp } from "./test-app";

/** The waitlist's API tests' helpers (issue 29): a full day, joining, freeing, the offers stored. */

/** Open 9 AM to 7 PM every day, with the five two-hour windows from 09:00. */
export const NINE_TO_SEVEN: ShopHours = {
  ...DEFAULT_SHOP_HOURS,
  openingHours: DEFAULT_SHOP_HOURS.openingHours.map(() => ({ open: true, opens: "09:00", closes: "19:00" })),
};
export const WINDOWS = ["09:00–11:00", "11:00–13:00", "13:00–15:00", "15:00–17:00", "17:00–19:00"] as const;
export const [A, B, C] = WINDOWS;

/** Half an hour: holds its one window. */
export const SHORT = { serviceType: "Hand Wash", vehicleType: "Car" };
/** A truck's full detail: longer than a window, so arriving at 09:00 it holds 09:00 and 11:00. */
export const LONG = { serviceType: "Full Detail", vehicleType: "Truck" };

let sequence = 0;
export const freshEmail = (tag: string) => `${tag}-${++sequence}-${Date.now()}@example.com`;

export function waitlistHelpers(t: TestApp, admin: () => TestAccount) {
  const settings = (change: object) =>
    callAs(t, admin(), "/api/booking-settings", jsonPost(change, { method: "PATCH" }));

  /** The waitlist tests' shop: open 9 AM to 7 PM in five windows of one bay, bookable 60 days ahead. */
  async function oneBayNineToSeven() {
    const { openingHours, arrivalWindows, leadMinutes } = NINE_TO_SEVEN;
    const saved = await settings({ bays: 1, openingHours, arrivalWindows, leadMinutes, daysAhead: 60 });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  /** A visitor's booking of `slot`: its id and manage token. */
  async function book(date: string, slot: string, choice: object = SHORT, email = freshEmail("booked")) {
    const { status, body } = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(buildBookingRequest({ ...choice, email, preferredDate: date, preferredTimeSlot: slot })),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    return body as { insertedId: string; manageToken: string };
  }

  /** Every window of the day booked (one bay each): the manage tokens by window. */
  async function fullDay(date: string): Promise<Record<string, string>> {
    const tokens: Record<string, string> = {};
    for (const slot of WINDOWS) tokens[slot] = (await book(date, slot)).manageToken;
    return tokens;
  }

  /** The customer's cancellation through the manage link: its place frees. */
  async function cancel(manageToken: string) {
    const { status, body } = await callAs(t, null, `/api/bookings/manage/${manageToken}/cancel`, jsonPost({}));
    expect(status, JSON.stringify(body)).toBe(200);
  }

  const joinBody = (date: string, slots: string[], choice: object, email: string) => {
    const { preferredTimeSlot: _, ...body } = buildBookingRequest({ ...choice, email, preferredDate: date });
    return { ...body, slots };
  };

  /** Joins the day's list as a visitor: the entry's id. */
  async function join(date: string, slots: string[], choice: object = SHORT, email = freshEmail("waits")) {
    const { status, body } = await callAs(t, null, "/api/waitlist", jsonPost(joinBody(date, slots, choice, email)));
    expect(status, JSON.stringify(body)).toBe(201);
    return (body as { insertedId: string }).insertedId;
  }

  const offersOf = (entryId: string) =>
    t.database.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entryId));
  const openOffers = (date: string) =>
    t.database.db
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.date, date), eq(waitlistOffers.status, "open")));
  const entry = async (id: string) =>
    (await t.database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
  /** Live bookings arriving in `slot` that day. */
  const liveIn = async (date: string, slot: string) =>
    (
      await t.database.db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(eq(bookings.preferredDate, date), eq(bookings.preferredTimeSlot, slot), ne(bookings.status, "cancelled")),
        )
    ).length;
  /** The offer link's token of the entry's one open offer. */
  async function openOfferToken(entryId: string) {
    const open = (await offersOf(entryId)).filter((o) => o.status === "open");
    expect(open).toHaveLength(1);
    return t.services.waitlistLinks.offerToken(open[0]!.id);
  }

  /** Moves the waitlist's clock `minutes` ahead of now (PUT /api/test-clock), which runs its sweep. */
  async function sweepAt(minutes: number) {
    const now = new Date(Date.now() + minutes * 60_000).toISOString();
    const { status } = await callAs(t, admin(), "/api/test-clock", jsonPost({ now }, { method: "PUT" }));
    expect(status).toBe(200);
  }

  /** The e-mails of a template stored for an entry's customer, oldest first, as they read. */
  async function mailsOf(entryId: string, template: string) {
    const { email } = await entry(entryId);
    const rows = await t.database.db.select().from(outbox).where(eq(outbox.to, email)).orderBy(outbox.createdAt);
    return rows.filter((m) => m.template === template).map((m) => t.services.messages(m));
  }

  return {
    settings,
    oneBayNineToSeven,
    book,
    fullDay,
    cancel,
    join,
    joinBody,
    offersOf,
    openOffers,
    entry,
    liveIn,
    openOfferToken,
    sweepAt,
    mailsOf,
  };
}
