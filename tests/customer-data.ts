import type { eq } from "drizzle-orm";
import { asc, count, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { serviceRecords, vehicles } from "~/.server/db/schema";
import { bookings, reviews, waitlistEntries, type BookingRow } from "~/.server/db/schema";
import { newObjectId } from "~/lib/object-id";
import { callAs, jsonPost, type TestAccount } from "./accounts";
import { buildBooking, buildBookingRequest, inDays, insertBookings } from "./factories";
import type { TestApp } from "./test-app";

/**
 * The customer-data API tests' helpers (issue 31 part 3: customer-data.api.test.ts,
 * account-deletion.api.test.ts): a member's download and deletion, bookings made through the API
 * each in a place of its own, visits that happened, their reviews and waitlist places.
 */
export function customerDataHelpers(t: TestApp) {
  const db = () => t.database.db;
  const exportMine = (account: TestAccount | null) => t.request("/api/me/export", { headers: cookieOf(account) });
  const deleteMe = (account: TestAccount | null, body: unknown) =>
    callAs(t, account, "/api/me", jsonPost(body, { method: "DELETE" }));
  const cookieOf = (account: TestAccount | null): Record<string, string> =>
    account ? { Cookie: account.cookie } : ({} as Record<string, string>);

  const rowsOf = (ids: string[]) =>
    db().select().from(bookings).where(inArray(bookings.id, ids)).orderBy(asc(bookings.id));

  /** What the shop's books say of these visits: each one's date, service, lines and total, and their sum. */
  async function books(ids: string[]) {
    const rows = await rowsOf(ids);
    return {
      visits: rows.map((r) => [r.id, r.preferredDate, r.serviceType, r.lines, r.totalCents, r.discountCents]),
      sum: rows.reduce((total, r) => total + (r.totalCents ?? 0), 0),
    };
  }

  /** Each request its own day and window, so that no slot of the shop's fills up. */
  let requests = 0;
  function nextPlace() {
    const n = requests++;
    return {
      preferredDate: inDays(3 + (n % 25)),
      preferredTimeSlot: ["09:00–11:00", "13:00–15:00"][Math.floor(n / 25) % 2]!,
    };
  }
  const request = (overrides: Record<string, unknown>) => buildBookingRequest({ ...nextPlace(), ...overrides });

  /** A booking request made through the API by a member: pending, with its e-mails in the outbox. */
  async function bookAs(account: TestAccount, overrides: Record<string, unknown> = {}) {
    const { status, body } = await callAs(
      t,
      account,
      "/api/bookings",
      jsonPost(request({ email: account.email, ...overrides })),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    return (body as { insertedId: string }).insertedId;
  }

  /** A visit that happened: collected, priced, with the promo's line when asked. */
  async function pastVisit(row: Partial<typeof bookings.$inferInsert>) {
    const [visit] = await insertBookings(db(), [
      buildBooking({
        preferredDate: inDays(-30),
        status: "confirmed",
        visitStage: "collected",
        visitStageAt: new Date(),
        vehicleMake: "Honda",
        vehicleModel: "CR-V",
        vehicleColor: "Silver",
        vehiclePlate: "ABC123",
        specialInstructions: "Dog hair in the back",
        lines: [{ kind: "service", label: "Full Detail (Medium)", amountCents: 18999, minutes: 240 }],
        totalCents: 18999,
        finalPriceCents: 18999,
        ...row,
      }),
    ]);
    return visit!;
  }

  async function reviewOf(visit: BookingRow, status: "published" | "pending" = "published") {
    await db()
      .insert(reviews)
      .values({
        id: newObjectId(),
        bookingId: visit.id,
        rating: 5,
        comment: "Spotless, thank you",
        authorName: "Maria G.",
        serviceLabel: "Full Detail",
        visitMonth: `${visit.preferredDate.slice(0, 7)}-01`,
        status,
        publishedAt: status === "published" ? new Date() : null,
      });
  }

  async function waitlistPlace(email: string, userId: string | null, fullName = "Maria Garcia") {
    await db()
      .insert(waitlistEntries)
      .values({
        id: newObjectId(),
        date: inDays(12),
        email,
        fullName,
        phone: "555 201 9999",
        userId,
        request: { fullName, email, serviceType: "Hand Wash", vehicleType: "Car" },
        durationMinutes: 30,
        summary: "Hand Wash (Car)",
      });
  }

  const addVehicle = async (account: TestAccount) =>
    expect((await callAs(t, account, "/api/vehicles", jsonPost({ vehicleType: "SUV", plate: "XYZ 987" }))).status).toBe(
      201,
    );

  const tally = async (table: typeof reviews | typeof serviceRecords | typeof vehicles, where: ReturnType<typeof eq>) =>
    (await db().select({ n: count() }).from(table).where(where))[0]!.n;

  return {
    cookieOf,
    exportMine,
    deleteMe,
    rowsOf,
    books,
    request,
    bookAs,
    pastVisit,
    reviewOf,
    waitlistPlace,
    addVehicle,
    tally,
  };
}
