import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/.server/db/schema";
import { utcStamp } from "~/features/bookings/booking-calendar";
import type { ApiBooking, Arrival } from "~/features/bookings/bookings.schema";
import { friendlyDate } from "~/features/bookings/visit-text";
import { zonedTimeToUtc } from "~/lib/business-date";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, dayAhead, insertPlans } from "../../tests/factories";
import { noticesTo, writtenMessages } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";
import { waitlistHelpers } from "../../tests/waitlist";

/**
 * Issue 43 (M3 of the fourth walk): a visit too long to arrive at the end of its slot and still be
 * done by closing is offered the slot shortened ("11 AM–12:35 PM" for 5 hr 25 min on a day that
 * closes at 6), and that window is what the booking, its e-mails (subjects and bodies), its
 * calendar file and the waitlist's e-mails and offer say, with both ends of when it is ready.
 */
const TZ = "America/New_York";
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000", BUSINESS_TIMEZONE: TZ } });
const DESK = "desk@arrival.example";
const [EARLY, LATE] = ["09:00–11:00", "11:00–13:00"];
const SHORTENED: Arrival = { start: "11:00", end: "12:35" };
// Days open until 6 PM (Monday to Saturday), one per test so that their places never meet.
const [BOOKED, FROM, TO, CLOSED, WAITED] = [1, 2, 3, 4, 5].map((weekday) => dayAhead(12, [weekday])) as [
  string,
  string,
  string,
  string,
  string,
];
let admin: TestAccount;
let member: TestAccount;
let planId: string;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  const [plan] = await insertPlans(t.database.db, [
    buildPlan({ name: "Showroom Detail", packageType: "premium", priceCents: 34999, durationMinutes: 325 }),
  ]);
  planId = plan!.id;
  const saved = await callAs(t, admin, "/api/booking-settings", jsonPost({ notifyEmail: DESK }, { method: "PATCH" }));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});

/** The 5 hr 25 min package (a premium one is a Full Detail). */
const detail = () => ({ planId, serviceType: "Full Detail" });
/** A request for the 5 hr 25 min package: its manage token and id. */
async function book(who: TestAccount | null, date: string, slot: string, email?: string) {
  const body = buildBookingRequest({
    ...detail(),
    preferredDate: date,
    preferredTimeSlot: slot,
    ...(email && { email }),
  });
  const answer = await callAs(t, who, "/api/bookings", jsonPost(body));
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as { insertedId: string; manageToken: string };
}
const view = async (token: string) =>
  (await t.json<{ booking: ApiBooking }>(`/api/bookings/manage/${token}`)).body.booking;
/** Whom the requests name (the factory's customer). */
const NAME = buildBookingRequest().fullName;
const when = (date: string, window: string) => `${friendlyDate(date)}, ${window}`;
/** The instant a clock time of a date is in the business's zone, as a calendar file writes it. */
const at = (date: string, clock: string) => utcStamp(zonedTimeToUtc(date, clock, TZ));
const eventTimes = (ics: string) => ics.split("\r\n").filter((line) => /^DT(START|END)/.test(line));
const lastNotice = async (to: string) => (await noticesTo(t, to)).at(-1)!;

describe("a 5 hr 25 min visit booked into 11 AM–1 PM on a day that closes at 6 PM", () => {
  it("is offered 11 AM–12:35 PM, and the booking, its e-mails and calendar file say that window", async () => {
    const offered = await t.json<{ slots: { slot: string; start: string; end: string; offered: boolean }[] }>(
      `/api/availability?date=${BOOKED}&planId=${planId}&vehicleType=Car`,
    );
    expect(offered.body.slots.find((s) => s.slot === LATE)).toMatchObject({ ...SHORTENED, offered: true });

    const { insertedId, manageToken } = await book(member, BOOKED, LATE);
    // The manage (and confirmation) page's data, and My Bookings'.
    expect(await view(manageToken)).toMatchObject({ preferredTimeSlot: LATE, minutes: 325, arrival: SHORTENED });
    const own = await callAs(t, member, `/api/bookings/${insertedId}`);
    expect(own.body).toMatchObject({ arrival: SHORTENED });

    const [received] = await noticesTo(t, member.email);
    expect(received!.subject).toBe(`We received your booking request – ${when(BOOKED, "11 AM–12:35 PM")}`);
    expect(received!.text).toContain("Arrive between 11 AM–12:35 PM (Eastern");
    // From the earliest arrival plus the length to the latest plus it: 4:25 PM to closing.
    expect(received!.text).toContain("5 hr 25 min · ready between 4:25 and 6 PM");
    expect(received!.text).not.toContain("1 PM");
    const sent = eventTimes(received!.attachments[0]!.content);
    expect(sent).toEqual([`DTSTART:${at(BOOKED, "11:00")}`, `DTEND:${at(BOOKED, "12:35")}`]);
    const download = await t.request(`/api/bookings/manage/${manageToken}/calendar.ics`);
    expect(eventTimes(await download.text())).toEqual(sent);

    const desk = await lastNotice(DESK);
    expect(desk.subject).toBe(`New booking request: ${NAME}, ${when(BOOKED, "11 AM–12:35 PM")}`);
    const [reminder] = await writtenMessages(t, and(eq(outbox.to, member.email), eq(outbox.kind, "reminder")));
    expect(reminder!.subject).toBe(`Reminder: your visit on ${when(BOOKED, "11 AM–12:35 PM")}`);
    expect(reminder!.text).toContain("Arrive between 11 AM–12:35 PM (Eastern");
  });

  it("moved into it by the customer and out of it by the team: each e-mail says the window before and after", async () => {
    const email = "mover@arrival.example";
    const { insertedId, manageToken } = await book(null, FROM, EARLY, email);
    // 9–11 AM is not shortened: done between 2:25 and 4:25 PM.
    expect((await lastNotice(email)).subject).toBe(`We received your booking request – ${when(FROM, "9–11 AM")}`);
    expect((await lastNotice(email)).text).toContain("5 hr 25 min · ready between 2:25 and 4:25 PM");

    const moved = await callAs(
      t,
      null,
      `/api/bookings/manage/${manageToken}/reschedule`,
      jsonPost({ preferredDate: TO, preferredTimeSlot: LATE }),
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await view(manageToken)).toMatchObject({ preferredDate: TO, arrival: SHORTENED });
    const own = await lastNotice(email);
    expect(own.subject).toBe(`You moved your booking – ${when(TO, "11 AM–12:35 PM")}`);
    expect(own.text).toContain(
      `You moved your booking from ${when(FROM, "9–11 AM")} to ${when(TO, "11 AM–12:35 PM")}.`,
    );
    expect(own.text).toContain("Arrive between 11 AM–12:35 PM (Eastern");
    expect(own.text).toContain("5 hr 25 min · ready between 4:25 and 6 PM");
    expect(eventTimes(own.attachments[0]!.content)).toEqual([`DTSTART:${at(TO, "11:00")}`, `DTEND:${at(TO, "12:35")}`]);
    expect((await lastNotice(DESK)).subject).toBe(
      `Booking rescheduled by customer: ${NAME}, ${when(TO, "11 AM–12:35 PM")}`,
    );

    const byTeam = await callAs(
      t,
      admin,
      `/api/bookings/${insertedId}`,
      jsonPost({ preferredTimeSlot: EARLY }, { method: "PATCH" }),
    );
    expect(byTeam.status, JSON.stringify(byTeam.body)).toBe(200);
    const ours = await lastNotice(email);
    expect(ours.subject).toBe(`We moved your booking – ${when(TO, "9–11 AM")}`);
    // The old time as the customer was told it, stored with the message.
    expect(ours.text).toContain(`We moved your booking from ${when(TO, "11 AM–12:35 PM")} to ${when(TO, "9–11 AM")}.`);
    expect(ours.text).toContain("Before: ");
    expect(ours.text).toContain("5 hr 25 min · ready between 2:25 and 4:25 PM");
    const moves = await t.database.db
      .select({ data: outbox.data })
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.template, "booking-moved")));
    expect(moves.map((m) => m.data)).toContainEqual(
      expect.objectContaining({
        by: "staff",
        from: { preferredDate: TO, preferredTimeSlot: LATE, arrival: SHORTENED },
      }),
    );
  });

  it("on a day the shop closes: the e-mail names the closed day in its subject, and the window in its body", async () => {
    const email = "closed.day@arrival.example";
    await book(null, CLOSED, LATE, email);
    const closed = await callAs(t, admin, "/api/closed-dates", jsonPost({ date: CLOSED, reason: "Flooding" }));
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    const mail = await lastNotice(email);
    expect(mail.subject).toBe(`We're closed on ${friendlyDate(CLOSED)}: please choose a new time`);
    expect(mail.text).toContain("Arrive between 11 AM–12:35 PM (Eastern");
  });

  it("waited for: the waitlist's e-mails and the offer's page say the window the booking would", async () => {
    const w = waitlistHelpers(t, () => admin);
    expect((await w.settings({ bays: 1 })).status).toBe(200);
    try {
      const taken = await w.book(WAITED, LATE);
      const email = "waiting@arrival.example";
      const entryId = await w.join(WAITED, [LATE], detail(), email);
      const [joined] = await noticesTo(t, email);
      expect(joined!.text).toContain("Arrival: 11 AM–12:35 PM");

      await w.cancel(taken.manageToken);
      const offer = await lastNotice(email);
      expect(offer.text).toContain("Arrival: 11 AM–12:35 PM");
      // The preheader, in the HTML part.
      expect(offer.html).toContain("holding 11 AM–12:35 PM on");
      const page = await t.json(`/api/waitlist/offers/${await w.openOfferToken(entryId)}`);
      expect(page.body).toMatchObject({ slot: LATE, arrival: SHORTENED });
    } finally {
      expect((await w.settings({ bays: 3 })).status).toBe(200);
    }
  });
});
