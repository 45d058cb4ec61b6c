import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOptOuts, outbox, reviews } from "~/.server/db/schema";
import type { Actor } from "~/lib/access";
import { newObjectId } from "~/lib/object-id";
import { signUpAdmin } from "../../tests/accounts";
import { buildBooking, insertBookings } from "../../tests/factories";
import { writtenMessages } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/**
 * Review requests (issue 28): one e-mail per collected visit, the set number of days after it was
 * collected, queued by the follow-ups' sweep on a clock the test chooses (runDue(at)).
 */
const t = setupTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let admin: Actor;

beforeAll(async () => {
  const account = await signUpAdmin(t);
  admin = { id: account.id, name: account.name, email: account.email, role: "admin", emailVerified: true };
});

// Each test's visits are collected in a month of their own, so no sweep of one test reaches another's.
let month = 0;
function collectedAt() {
  month++;
  return new Date(Date.UTC(2027, month, 10, 17, 0));
}

let sequence = 0;
async function visit(collected: Date | null, overrides: Parameters<typeof buildBooking>[0] = {}) {
  sequence++;
  const [row] = await insertBookings(t.database.db, [
    buildBooking({
      fullName: "Maria Gonzalez",
      email: `visit${sequence}@example.com`,
      serviceType: "Full Detail",
      packageName: "Platinum Full Detail",
      preferredDate: (collected ?? new Date()).toISOString().slice(0, 10),
      status: "confirmed",
      visitStage: collected ? "collected" : null,
      visitStageAt: collected,
      ...overrides,
    }),
  ]);
  return row!;
}
const requestsFor = (bookingId: string) => writtenMessages(t, eq(outbox.bookingId, bookingId));
const sweep = (at: Date) => t.services.followUps.runDue(at);
const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe("the review request", () => {
  it("is queued once, a day after the visit was collected, with its link and one-click unsubscribe", async () => {
    const collected = collectedAt();
    const { id, email } = await visit(collected);

    await sweep(after(collected, DAY - 60_000));
    expect(await requestsFor(id)).toHaveLength(0);

    const queued = await sweep(after(collected, DAY));
    expect(queued["review-requests"]).toBeGreaterThanOrEqual(1);
    await sweep(after(collected, DAY + HOUR));
    await sweep(after(collected, 3 * DAY));
    const [request, ...more] = await requestsFor(id);
    expect(more).toHaveLength(0);
    expect(request).toMatchObject({ to: email, kind: "notice", bookingId: id });
    expect(request!.subject).toBe("How was your visit to Sparkle Auto Spa?");
    const link = `http://localhost:3000/review/${t.services.reviewLinks.token(id)}`;
    expect(request!.text).toContain(`Rate your visit: ${link}`);
    expect(request!.text).toContain("Hi Maria,");
    expect(request!.text).toContain("Service: Platinum Full Detail");
    const unsubscribe = t.services.unsubscribeLinks.url(email, "review-requests");
    expect(request!.text).toContain(`Stop review requests (${unsubscribe}) (booking confirmations still come).`);
    expect(request!.headers).toEqual({
      "List-Unsubscribe": `<${unsubscribe}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(request!.html).toContain(`href="${link}"`);
  });

  it("is queued once when two sweeps run at the same moment", { tags: ["engine"] }, async () => {
    const collected = collectedAt();
    const { id } = await visit(collected);
    const at = after(collected, DAY + HOUR);
    await Promise.all([sweep(at), sweep(at), sweep(at)]);
    expect(await requestsFor(id)).toHaveLength(1);
  });

  it("follows the days-after setting, and none goes while requests are off", async () => {
    const collected = collectedAt();
    const { id } = await visit(collected);
    await t.services.followUpSettings.updateSettings(admin, { reviewRequestDaysAfter: 3 });
    try {
      await sweep(after(collected, 2 * DAY));
      expect(await requestsFor(id)).toHaveLength(0);
      await t.services.followUpSettings.updateSettings(admin, { reviewRequests: false });
      await sweep(after(collected, 3 * DAY));
      expect(await requestsFor(id)).toHaveLength(0);
      await t.services.followUpSettings.updateSettings(admin, { reviewRequests: true });
      await sweep(after(collected, 3 * DAY));
      expect(await requestsFor(id)).toHaveLength(1);
    } finally {
      await t.services.followUpSettings.updateSettings(admin, { reviewRequests: true, reviewRequestDaysAfter: 1 });
    }
  });

  it("is not sent to an address that stopped review requests", async () => {
    const collected = collectedAt();
    const { id } = await visit(collected, { email: "Stopped.Them@Example.com" });
    await t.database.db.insert(emailOptOuts).values({ email: "stopped.them@example.com", kind: "review-requests" });
    await sweep(after(collected, DAY + HOUR));
    expect(await requestsFor(id)).toHaveLength(0);
  });

  it("is sent to an address that stopped only service reminders", async () => {
    const collected = collectedAt();
    const { id, email } = await visit(collected);
    await t.database.db.insert(emailOptOuts).values({ email, kind: "service-reminders" });
    await sweep(after(collected, DAY + HOUR));
    expect(await requestsFor(id)).toHaveLength(1);
  });

  it("is not sent for a visit that was not collected, or has no e-mail, or was reviewed already", async () => {
    const collected = collectedAt();
    const ready = await visit(collected, { visitStage: "ready" });
    const noShow = await visit(collected, { visitStage: "no-show" });
    const notArrived = await visit(null, { preferredDate: collected.toISOString().slice(0, 10) });
    const noEmail = await visit(collected, { email: "" });
    const reviewed = await visit(collected);
    await t.database.db.insert(reviews).values({
      id: newObjectId(),
      bookingId: reviewed.id,
      rating: 5,
      authorName: "Maria G.",
      serviceLabel: "Platinum Full Detail",
      visitMonth: "2027-01-01",
    });
    await sweep(after(collected, DAY + HOUR));
    for (const { id } of [ready, noShow, notArrived, noEmail, reviewed]) expect(await requestsFor(id)).toHaveLength(0);
  });

  it(`asks nobody about a visit collected more than a week before it fell due`, async () => {
    const collected = collectedAt();
    const old = await visit(collected);
    // Requests were off (or the server down) until nine days after the visit.
    await sweep(after(collected, 9 * DAY));
    expect(await requestsFor(old.id)).toHaveLength(0);
    // The last moment it may still go: a week after it fell due.
    const late = await visit(after(collected, DAY));
    await sweep(after(collected, 9 * DAY - 60_000));
    expect(await requestsFor(late.id)).toHaveLength(1);
  });
});
