import { beforeAll, describe, expect, it } from "vitest";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { expectBookingCalendarLines } from "../../tests/calendar-file";
import { buildBookingRequest, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { noticesTo } from "../../tests/outbox-mail";

/** A package name with a lone carriage return, booked: its calendar files add no property (finding 6 of issue 12). */
const t = setupTestApp();
const INJECTED = "ATTENDEE:mailto:evil@evil.test";
let admin: TestAccount;
let member: TestAccount;
let planId: string;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  // Stored directly: the plan form may refuse control characters, but names stored before it did
  // stay, and the calendar file must be safe whatever the text it is given.
  const [plan] = await insertPlans(t.database.db, [buildPlan({ name: `Deluxe\r${INJECTED}` })]);
  planId = plan!.id;
});

describe("calendar-file injection", () => {
  it("a booked package named with a lone CR: the request's and the update's .ics hold it as text", async () => {
    const { status, body } = await callAs(
      t,
      member,
      "/api/bookings",
      jsonPost(buildBookingRequest({ planId, preferredDate: inDays(3) })),
    );
    expect(status).toBe(201);
    const confirm = jsonPost({ status: "confirmed" }, { method: "PATCH" });
    expect((await callAs(t, admin, `/api/bookings/${body.insertedId}`, confirm)).status).toBe(200);

    const mails = await noticesTo(t, member.email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      const [ics] = mail.attachments;
      expect(ics!.filename).toBe("booking.ics");
      const properties = expectBookingCalendarLines(ics!.content);
      expect(properties.get("DESCRIPTION")).toContain(`Deluxe\\n${INJECTED}`);
    }
  });
});
