import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import type { BookingStatus, TimeSlot } from "~/features/bookings/bookings.schema";
import { isAppError } from "~/lib/app-error";
import { bookings, type BookingRow } from "~/.server/db/schema";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { errorBody } from "../errors";
import { noticesTo } from "../../tests/outbox-mail";
import { arrivalWindow } from "~/features/bookings/visit-text";

/**
 * Two changes of one booking at the same moment (finding 2 of issue 12): each is applied to the row
 * as it is when it is made, or refused. The stored row is one some order of the two requests gives,
 * every 200 is true of it, and the customer's calendar ends up showing it.
 */
const t = setupTestApp();
const ROUNDS = 10;
const BAYS = 3;
const [A, B, C] = ["09:00–11:00", "13:00–15:00", "15:00–17:00"];
const applied = { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
let admin: TestAccount;
let otherAdmin: TestAccount;

type Change = { status?: BookingStatus; preferredTimeSlot?: TimeSlot };
type Answer = { status: number; body: unknown };
/** Signs in as this account: then sends one change of a booking, answered as the API answers it. */
type SignIn = (account: TestAccount) => Promise<(id: string, change: Change) => Promise<Answer>>;

const overHttp: SignIn = async (account) => (id, change) =>
  callAs(t, account, `/api/bookings/${id}`, jsonPost(change, { method: "PATCH" }));

/**
 * The route's two calls, made directly by an actor looked up beforehand. Over HTTP on the embedded
 * database each request's session lookup takes longer than a change, so changes seldom overlap there.
 */
const direct: SignIn = async (account) => {
  const actor = await t.services.getActor(new Headers({ Cookie: account.cookie }));
  return async (id, change) => {
    try {
      const body =
        actor?.role === "admin"
          ? await t.services.bookings.updateBooking(actor, id, change)
          : await t.services.bookings.cancelOwnBooking(actor, id);
      return { status: 200, body };
    } catch (error) {
      if (isAppError(error, "conflict")) return { status: 409, body: errorBody(error.code, error.message) };
      throw error;
    }
  };
};

const stored = async (id: string): Promise<BookingRow> =>
  (await t.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

/** Rounds run at once, each on its own booking and date: one run repeats each race ROUNDS times. */
async function everyRound(round: (n: number) => Promise<void>) {
  // Every round finishes before a failure is reported, so none outlives the test's database.
  const results = await Promise.allSettled(Array.from({ length: ROUNDS }, (_, n) => round(n)));
  const failure = results.find((r) => r.status === "rejected");
  if (failure) throw failure.reason;
}

/** The customer's calendar applies update e-mails by SEQUENCE: the highest must show the stored booking. */
async function expectCalendarShows(row: BookingRow, changes: number) {
  const mails = (await noticesTo(t, row.email))
    .map((m) => ({ subject: m.subject, ics: m.attachments[0]!.content }))
    .map((m) => ({ ...m, sequence: Number(/SEQUENCE:(\d+)/.exec(m.ics)![1]) }))
    .filter((m) => m.sequence > 0) // the request's own e-mail
    .sort((x, y) => x.sequence - y.sequence);
  expect(mails).toHaveLength(changes);
  expect(new Set(mails.map((m) => m.sequence)).size).toBe(changes); // each version newer than the last
  const status = { pending: "TENTATIVE", confirmed: "CONFIRMED", cancelled: "CANCELLED" }[row.status];
  expect(mails.at(-1)!.ics).toContain(`STATUS:${status}`);
  expect(mails.at(-1)!.subject).toContain(arrivalWindow(row.preferredTimeSlot));
}

beforeAll(async () => {
  [admin, otherAdmin] = [await signUpAdmin(t), await signUpAdmin(t)];
  const { status } = await callAs(t, admin, "/api/booking-settings", jsonPost({ bays: BAYS }, { method: "PATCH" }));
  expect(status).toBe(200);
});

describe.each([
  ["over HTTP", overHttp, 20],
  ["called directly", direct, 20 + 3 * ROUNDS],
] as const)("two changes of one booking at once, %s", { tags: ["engine"] }, (_, signIn, firstDay) => {
  it(`a customer's cancel and an admin's slot move: the booking ends cancelled (${ROUNDS} rounds)`, async () => {
    await everyRound(async (round) => {
      // A customer per round, so that each round's e-mails are told apart by the address.
      const customer = await signUp(t);
      const [booking] = await insertBookings(t.database.db, [
        buildBooking({ email: customer.email, preferredDate: inDays(firstDay + round), preferredTimeSlot: A }),
      ]);
      const [asCustomer, asAdmin] = await Promise.all([signIn(customer), signIn(admin)]);
      const [cancel, move] = await Promise.all([
        asCustomer(booking!.id, { status: "cancelled" }),
        asAdmin(booking!.id, { preferredTimeSlot: B }),
      ]);
      const row = await stored(booking!.id);
      expect(cancel).toEqual({ status: 200, body: applied });
      expect(row.status).toBe("cancelled");
      if (move.status === 200) {
        // Moved, then cancelled: the cancel was applied to the moved booking.
        expect(move.body).toEqual(applied);
        expect(row.preferredTimeSlot).toBe(B);
      } else {
        // Cancelled, then moved: a move does not bring a cancelled booking back, and says why.
        expect(move).toMatchObject({ status: 409, body: { error: { message: "This booking was cancelled." } } });
        expect(row.preferredTimeSlot).toBe(A);
      }
      await expectCalendarShows(row, move.status === 200 ? 2 : 1);
    });
  });

  it(`an admin's confirm and another admin's slot move: both are kept (${ROUNDS} rounds)`, async () => {
    await everyRound(async (round) => {
      const [booking] = await insertBookings(t.database.db, [
        buildBooking({
          email: `confirmed-${firstDay + round}@example.com`,
          preferredDate: inDays(firstDay + ROUNDS + round),
          preferredTimeSlot: A,
        }),
      ]);
      const [asAdmin, asOtherAdmin] = await Promise.all([signIn(admin), signIn(otherAdmin)]);
      const answers = await Promise.all([
        asAdmin(booking!.id, { status: "confirmed" }),
        asOtherAdmin(booking!.id, { preferredTimeSlot: B }),
      ]);
      expect(answers).toEqual([
        { status: 200, body: applied },
        { status: 200, body: applied },
      ]);
      const row = await stored(booking!.id);
      expect({ status: row.status, slot: row.preferredTimeSlot }).toEqual({ status: "confirmed", slot: B });
      await expectCalendarShows(row, 2);
    });
  });

  it(`two admins move two bookings into a slot's last place: exactly one gets it (${ROUNDS} rounds)`, async () => {
    await everyRound(async (round) => {
      const date = inDays(firstDay + 2 * ROUNDS + round);
      const [first, second] = await insertBookings(t.database.db, [
        buildBooking({ preferredDate: date, preferredTimeSlot: A }),
        buildBooking({ preferredDate: date, preferredTimeSlot: C }),
        ...Array.from({ length: BAYS - 1 }, () => buildBooking({ preferredDate: date, preferredTimeSlot: B })),
      ]);
      const [asAdmin, asOtherAdmin] = await Promise.all([signIn(admin), signIn(otherAdmin)]);
      const answers = await Promise.all([
        asAdmin(first!.id, { preferredTimeSlot: B }),
        asOtherAdmin(second!.id, { preferredTimeSlot: B }),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const [winner, loser] = answers[0]!.status === 200 ? [first!, second!] : [second!, first!];
      expect(answers.find((a) => a.status === 200)!.body).toEqual(applied);
      expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ error: { message: SLOT_FULL } });
      expect((await stored(winner.id)).preferredTimeSlot).toBe(B);
      expect((await stored(loser.id)).preferredTimeSlot).toBe(loser.preferredTimeSlot);
      const liveInB = await t.database.db
        .select()
        .from(bookings)
        .where(
          and(eq(bookings.preferredDate, date), eq(bookings.preferredTimeSlot, B), ne(bookings.status, "cancelled")),
        );
      expect(liveInB).toHaveLength(BAYS);
    });
  });
});
