import { beforeAll, describe, expect, it } from "vitest";
import { bookingRequestLimits } from "~/features/bookings/bookings.schema";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { BAY_SLOTS } from "~/features/bookings/bookings.schema";

const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
const { perDay, upcoming } = bookingRequestLimits;
const TOO_MANY_UPCOMING = `You already have ${upcoming} upcoming bookings. Cancel one or call us to book more.`;
const TOO_MANY_THAT_DAY = `You already have ${perDay} bookings on this date. Choose another date or call us to book more.`;

/** Each test books its own days, so that slots never fill up between tests (3 bays each). */
let nextDay = 1;
const freshDays = (n: number) => Array.from({ length: n }, () => inDays(nextDay++));

function book(account: TestAccount | null, date: string, slot = BAY_SLOTS[0]!, email?: string) {
  const request = buildBookingRequest({ preferredDate: date, preferredTimeSlot: slot, ...(email && { email }) });
  return callAs(t, account, "/api/bookings", jsonPost(request));
}

let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t);
});

describe("bookings one customer may hold", () => {
  it(`refuses a member's booking beyond ${upcoming} upcoming, with what to do; a cancelled one frees its place`, async () => {
    const member = await signUp(t);
    const days = freshDays(upcoming + 1);
    const ids: string[] = [];
    for (const day of days.slice(0, upcoming)) {
      const created = await book(member, day);
      expect(created.status).toBe(201);
      ids.push(created.body.insertedId);
    }
    const refused = await book(member, days[upcoming]!);
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "conflict", message: TOO_MANY_UPCOMING } } });

    const cancel = jsonPost({ status: "cancelled" }, { method: "PATCH" });
    expect((await callAs(t, member, `/api/bookings/${ids[0]}`, cancel)).status).toBe(200);
    expect((await book(member, days[upcoming]!)).status).toBe(201);
  });

  it(`refuses a booking beyond ${perDay} on one date, on the date field`, async () => {
    const member = await signUp(t);
    const [day] = freshDays(1);
    for (let i = 0; i < perDay; i++) expect((await book(member, day!, BAY_SLOTS[i])).status).toBe(201);
    const refused = await book(member, day!, BAY_SLOTS[perDay]);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: { message: TOO_MANY_THAT_DAY, fields: { preferredDate: TOO_MANY_THAT_DAY } } },
    });
  });

  it("counts a visitor's contact-form bookings by their e-mail, whatever its case", async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const days = freshDays(upcoming + 1);
    for (const [i, day] of days.slice(0, upcoming).entries())
      expect((await book(null, day, BAY_SLOTS[0], i % 2 ? email.toUpperCase() : email)).status).toBe(201);
    expect((await book(null, days[upcoming]!, BAY_SLOTS[0], email)).body.error.message).toBe(TOO_MANY_UPCOMING);
  });

  it("does not limit admins", async () => {
    const days = freshDays(upcoming + 2);
    for (const day of days) expect((await book(admin, day)).status).toBe(201);
    for (const slot of BAY_SLOTS.slice(1, perDay + 2)) expect((await book(admin, days[0]!, slot)).status).toBe(201);
  });

  it(
    `creates exactly ${upcoming} of 20 simultaneous requests by one account over 10 days, 10 times over`,
    { tags: ["engine"] },
    async () => {
      for (let run = 0; run < 10; run++) {
        const member = await signUp(t);
        const days = freshDays(10);
        const answers = await Promise.all(
          days.flatMap((day) => BAY_SLOTS.slice(0, 2).map((slot) => book(member, day, slot))),
        );
        expect(answers.filter((a) => a.status === 201)).toHaveLength(upcoming);
        expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409)).toBe(true);
      }
    },
  );

  it(
    `creates exactly ${perDay} of 20 simultaneous requests by one account for one day, 10 times over`,
    { tags: ["engine"] },
    async () => {
      for (let run = 0; run < 10; run++) {
        const member = await signUp(t);
        const [day] = freshDays(1);
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => book(member, day!, BAY_SLOTS[i % 5])));
        expect(answers.filter((a) => a.status === 201)).toHaveLength(perDay);
        expect(answers.filter((a) => a.status !== 201).every((a) => a.status === 409)).toBe(true);
      }
    },
  );
});
