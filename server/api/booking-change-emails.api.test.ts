import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { visitWhen } from "~/features/bookings/booking-emails";
import { newObjectId } from "~/lib/object-id";
import { toBooking } from "~/features/bookings/booking-rows.server";
import { DEFAULT_SHOP_HOURS } from "~/features/bookings/shop-hours";
import { offeredArrival } from "~/features/bookings/slot-plan";
import { bookings, outbox } from "~/.server/db/schema";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { noticesTo } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";
import type { OutboxEmail } from "~/features/outbox/outbox.schema";

/**
 * Issue 26: a booking's change e-mails are in the words of who made the change ("You moved your
 * booking" after the customer's own move, "We moved your booking" after the team's), name the old
 * time of a move, and are stored as their template's input; a message stored under the template
 * name used before (`booking-updated`) is still written out.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_TIMEZONE: "America/New_York" } });
const [A, C] = ["09:00–11:00", "15:00–17:00"] as const;
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

async function booked(email: string, preferredDate: string) {
  const [row] = await insertBookings(t.database.db, [buildBooking({ email, preferredDate, preferredTimeSlot: A })]);
  return { id: row!.id, token: t.services.manageLinks.manageToken(row!.id) };
}
const viaLink = (token: string, action: string, body: object) =>
  callAs(t, null, `/api/bookings/manage/${token}/${action}`, jsonPost(body));
const byStaff = (id: string, body: object) =>
  t.request(`/api/bookings/${id}`, jsonPost(body, { cookie: admin.cookie, method: "PATCH" }));
/** The customer's notices as stored: template name and input. */
const storedFor = (email: string) =>
  t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, "notice")));
/** "Mon, Dec 14, 3–4 PM": a two-hour booking's day and the window it must arrive in (issue 43). */
const short = (date: string, slot: string) =>
  visitWhen(
    { preferredDate: date, preferredTimeSlot: slot, arrival: offeredArrival(date, slot, 120) },
    "America/New_York",
  ).short;

describe("a move's e-mail", () => {
  it("after the customer's move through the manage link: 'You moved your booking', with the old time", async () => {
    const email = "mover@example.com";
    const { token } = await booked(email, inDays(14));
    expect((await viaLink(token, "reschedule", { preferredDate: inDays(15), preferredTimeSlot: C })).status).toBe(200);

    const [row] = await storedFor(email);
    expect(row).toMatchObject({
      template: "booking-moved",
      subject: null,
      data: { by: "customer", from: { preferredDate: inDays(14), preferredTimeSlot: A } },
    });
    const [mail] = await noticesTo(t, email);
    expect(mail!.subject).toBe(`You moved your booking – ${short(inDays(15), C)}`);
    expect(mail!.text).toContain(`You moved your booking from ${short(inDays(14), A)} to ${short(inDays(15), C)}.`);
    expect(mail!.text).toMatch(/from \w{3}, \w{3} \d{1,2}, 9–11 AM to /);
    expect(mail!.text).toContain("Before: ");
    expect(mail!.text).not.toMatch(/We moved|button above/);
  });

  it("after the team's move: 'We moved your booking', with the old time", async () => {
    const email = "moved.by.staff@example.com";
    const { id } = await booked(email, inDays(16));
    expect((await byStaff(id, { preferredTimeSlot: C })).status).toBe(200);

    const [row] = await storedFor(email);
    expect(row).toMatchObject({ template: "booking-moved", data: { by: "staff", from: { preferredTimeSlot: A } } });
    const [mail] = await noticesTo(t, email);
    expect(mail!.subject).toBe(`We moved your booking – ${short(inDays(16), C)}`);
    expect(mail!.text).toContain(`We moved your booking from ${short(inDays(16), A)} to ${short(inDays(16), C)}.`);
    expect(mail!.text).not.toContain("You moved");
  });
});

describe("a cancellation's e-mail", () => {
  it("says who cancelled, and links 'Book again' to the booking page", async () => {
    const own = await booked("own.cancel@example.com", inDays(17));
    expect((await viaLink(own.token, "cancel", {})).status).toBe(200);
    const ours = await booked("our.cancel@example.com", inDays(17));
    expect((await byStaff(ours.id, { status: "cancelled" })).status).toBe(200);

    const [mine] = await noticesTo(t, "own.cancel@example.com");
    const [theirs] = await noticesTo(t, "our.cancel@example.com");
    expect(mine!.subject).toMatch(/^You cancelled your booking – /);
    expect(theirs!.subject).toMatch(/^We cancelled your booking – /);
    for (const mail of [mine!, theirs!]) {
      expect(mail.template).toBe("booking-cancelled");
      expect(mail.html).toMatch(/<a href="http:\/\/[^"]+\/booking"[^>]*>Book again<\/a>/);
    }
  });
});

describe("a message stored under the old name 'booking-updated'", () => {
  it("is still written out, in the Outbox and by the worker's writer", async () => {
    const email = "stored.before@example.com";
    const { id } = await booked(email, inDays(18));
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
    // As such messages hold it: before a booking said the window it must arrive in (issue 43).
    const { arrival: _, ...booking } = toBooking(row!, DEFAULT_SHOP_HOURS);
    await t.database.db.insert(outbox).values({
      id: newObjectId(),
      to: email,
      bookingId: id,
      template: "booking-updated",
      data: {
        booking,
        change: { status: false, slot: true, date: false },
        at: new Date().toISOString(),
        sequence: 1,
        manageUrl: "http://localhost/booking/manage/x",
      },
    });
    const shown = (await callAs(t, admin, `/api/outbox?bookingId=${id}`)).body as OutboxEmail[];
    expect(shown.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your booking has a new time – .*9–11 AM$/)]);
    expect(shown[0]!.html).toContain("Your booking has moved to");
    expect((await noticesTo(t, email))[0]!.text).toContain("Manage your booking: http://localhost/booking/manage/x");
  });
});
