import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, outbox, reviews } from "~/.server/db/schema";
import { ALREADY_REVIEWED, COMMENT_MAX, INVALID_REVIEW_LINK } from "~/features/reviews/reviews.schema";
import type { Actor } from "~/lib/access";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { writtenMessages } from "../../tests/outbox-mail";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";
import { REVIEWS_PER_MINUTE } from "./reviews.routes";

/**
 * Reviews that are real (issue 28): the review link takes one review per collected visit; 1–3 stars
 * wait for the admin and reach the business by e-mail; only published reviews are listed.
 * One proxy is trusted, so each test's posts come from an address of their own (X-Forwarded-For)
 * and the per-address limit is met only where a test means to meet it.
 */
const t = setupTestApp({ env: { TRUST_PROXY: "1" } });
const DESK = "desk@example.com";
let admin: TestAccount;
let adminActor: Actor;
let member: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  adminActor = { id: admin.id, name: admin.name, email: admin.email, role: "admin", emailVerified: true };
  member = await signUp(t);
  const saved = await callAs(t, admin, "/api/booking-settings", jsonPost({ notifyEmail: DESK }, { method: "PATCH" }));
  expect(saved.status).toBe(200);
});

let sequence = 0;
/** A visit collected yesterday, and its review link's token. */
async function collectedVisit(overrides: Parameters<typeof buildBooking>[0] = {}) {
  sequence++;
  const [row] = await insertBookings(t.database.db, [
    buildBooking({
      fullName: "Maria  Gonzalez",
      email: `reviewer${sequence}@example.com`,
      phone: "(555) 201-7788",
      serviceType: "Full Detail",
      packageName: "Platinum Full Detail",
      preferredDate: inDays(-1),
      status: "confirmed",
      visitStage: "collected",
      visitStageAt: new Date(Date.now() - 3_600_000),
      ...overrides,
    }),
  ]);
  return { id: row!.id, token: t.services.reviewLinks.token(row!.id) };
}

let address = 0;
const post = (token: string, body: unknown, ip = `198.51.100.${++address % 250}`) =>
  t.json<{ acknowledged?: boolean; insertedId?: string; error?: { message: string; fields?: Record<string, string> } }>(
    `/api/reviews/${token}`,
    { ...jsonPost(body), headers: { ...jsonPost(body).headers, "X-Forwarded-For": ip } },
  );
const patch = (account: TestAccount | null, id: string, change: unknown) =>
  callAs(t, account, `/api/reviews/${id}`, jsonPost(change, { method: "PATCH" }));
const storedFor = (bookingId: string) => t.database.db.select().from(reviews).where(eq(reviews.bookingId, bookingId));
const published = async () =>
  (await t.json<{ reviews: { _id: string }[]; average: number; count: number }>("/api/reviews?limit=200")).body;
const setAutoPublish = (on: boolean) =>
  t.services.followUpSettings.updateSettings(adminActor, { autoPublishGoodReviews: on });

describe("the review link", () => {
  it("takes one review and refuses a second", async () => {
    const { id, token } = await collectedVisit();
    const first = await post(token, { rating: 5, comment: "  Spotless, and done early.  " });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });
    const second = await post(token, { rating: 1, comment: "Changed my mind" });
    expect(second.status).toBe(409);
    expect(second.body.error!.message).toBe(ALREADY_REVIEWED);
    const [review, ...more] = await storedFor(id);
    expect(more).toHaveLength(0);
    expect(review).toMatchObject({
      id: first.body.insertedId,
      rating: 5,
      comment: "Spotless, and done early.",
      authorName: "Maria G.",
      serviceLabel: "Platinum Full Detail",
      visitMonth: `${inDays(-1).slice(0, 7)}-01`,
      status: "pending",
      publishedAt: null,
    });
  });

  it("refuses a link with one character changed, another kind of link, and a visit that is gone", async () => {
    const { id, token } = await collectedVisit();
    const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === "a" ? "b" : "a") + s.slice(at + 1);
    const manageToken = t.services.manageLinks.manageToken(id);
    for (const wrong of [flip(token, token.length - 1), flip(token, 3), manageToken, "nonsense"]) {
      const answer = await post(wrong, { rating: 5 });
      expect(answer.status).toBe(404);
      expect(answer.body.error!.message).toBe(INVALID_REVIEW_LINK);
    }
    expect(await storedFor(id)).toHaveLength(0);

    await t.database.db.delete(bookings).where(eq(bookings.id, id));
    expect((await post(token, { rating: 5 })).status).toBe(404);
  });

  it("refuses a visit that was not collected", async () => {
    const { id, token } = await collectedVisit({ visitStage: "ready", preferredDate: inDays(0) });
    const answer = await post(token, { rating: 4 });
    expect(answer.status).toBe(409);
    expect(answer.body.error!.message).toMatch(/not finished yet/);
    expect(await storedFor(id)).toHaveLength(0);
  });

  it("stores one review of ten sent at the same moment", { tags: ["engine"] }, async () => {
    const { id, token } = await collectedVisit();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => post(token, { rating: 1 + (i % 5) })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    expect(await storedFor(id)).toHaveLength(1);
  });

  it(`takes at most ${REVIEWS_PER_MINUTE} posts a minute from one address`, async () => {
    const statuses = [];
    for (let i = 0; i <= REVIEWS_PER_MINUTE; i++)
      statuses.push((await post("not-a-link", { rating: 5 }, "192.0.2.9")).status);
    expect(statuses).toEqual([...Array(REVIEWS_PER_MINUTE).fill(404), 429]);
  });
});

describe("bad input", () => {
  const cases: [string, unknown, string][] = [
    ["rating 0", { rating: 0 }, "rating"],
    ["rating 6", { rating: 6 }, "rating"],
    ["rating 2.5", { rating: 2.5 }, "rating"],
    ['rating "5"', { rating: "5" }, "rating"],
    ["no rating", { comment: "Great" }, "rating"],
    ["a comment of 1,001 characters", { rating: 5, comment: "x".repeat(COMMENT_MAX + 1) }, "comment"],
    ["a comment with a control character", { rating: 5, comment: "nice\u0000" }, "comment"],
    ["a comment that is not text", { rating: 5, comment: 5 }, "comment"],
    ["an extra field", { rating: 5, status: "published" }, "_"],
  ];
  it.each(cases)("%s is refused with the field's message, and nothing is stored", async (_, body, field) => {
    const { id, token } = await collectedVisit();
    const answer = await post(token, body);
    expect(answer.status).toBe(400);
    expect(answer.body.error!.fields![field]).toBeTruthy();
    expect(await storedFor(id)).toHaveLength(0);
  });

  it("a comment of exactly 1,000 characters, with line breaks, is kept as plain text", async () => {
    const { id, token } = await collectedVisit();
    const comment = `<a href="https://spam.example">Cheap</a>\n${"y".repeat(COMMENT_MAX - 41)}`;
    expect(comment).toHaveLength(COMMENT_MAX);
    expect((await post(token, { rating: 4, comment })).status).toBe(201);
    expect((await storedFor(id))[0]!.comment).toBe(comment);
  });
});

describe("publishing", () => {
  it("a 2-star review is never published on its own, even with auto-publish on, and e-mails the business", async () => {
    await setAutoPublish(true);
    try {
      const { id, token } = await collectedVisit({ fullName: "Sam <b>Lee</b>" });
      const answer = await post(token, { rating: 2, comment: "Waited 40 minutes <script>alert(1)</script>" });
      expect(answer.status).toBe(201);
      const [review] = await storedFor(id);
      expect(review).toMatchObject({ status: "pending", publishedAt: null });
      expect((await published()).reviews.map((r) => r._id)).not.toContain(review!.id);

      const [notice, ...more] = await writtenMessages(t, and(eq(outbox.bookingId, id), eq(outbox.to, DESK)));
      expect(more).toHaveLength(0);
      expect(notice!.kind).toBe("notice");
      expect(notice!.subject).toBe("2 stars from Sam <b>Lee</b>: Platinum Full Detail");
      expect(notice!.text).toContain("Rating: ★★☆☆☆ 2 of 5 (Fair)");
      expect(notice!.text).toContain("Comment: Waited 40 minutes <script>alert(1)</script>");
      expect(notice!.text).toContain("Open Reviews: http://localhost:3000/dashboard/reviews");
      expect(notice!.html).toContain("Waited 40 minutes &lt;script&gt;");
      expect(notice!.html).not.toContain("<script>");

      // The dashboard's home lists it among the low ratings waiting.
      const waiting = await t.services.reviews.listWaiting(adminActor);
      expect(waiting.items.map((r) => r._id)).toContain(review!.id);
    } finally {
      await setAutoPublish(false);
    }
  });

  it("a 4- or 5-star review sends the business nothing", async () => {
    const { id, token } = await collectedVisit();
    expect((await post(token, { rating: 4 })).status).toBe(201);
    expect(await writtenMessages(t, eq(outbox.bookingId, id))).toHaveLength(0);
  });

  it("a 5-star review shows at once with auto-publish on", async () => {
    await setAutoPublish(true);
    try {
      const { id, token } = await collectedVisit();
      const { body } = await post(token, { rating: 5, comment: "Like new" });
      const [review] = await storedFor(id);
      expect(review).toMatchObject({ status: "published", publishedAt: expect.any(Date) });
      const list = await t.json<{ reviews: Record<string, unknown>[] }>("/api/reviews");
      expect(list.body.reviews[0]).toEqual({
        _id: body.insertedId,
        rating: 5,
        comment: "Like new",
        authorName: "Maria G.",
        serviceLabel: "Platinum Full Detail",
        visitMonth: `${inDays(-1).slice(0, 7)}-01`,
        reply: "",
        publishedAt: review!.publishedAt!.toISOString(),
      });
    } finally {
      await setAutoPublish(false);
    }
  });

  it("without auto-publish, a 5-star review shows only once an admin publishes it", async () => {
    const { token } = await collectedVisit();
    const { body } = await post(token, { rating: 5 });
    const id = body.insertedId!;
    expect((await published()).reviews.map((r) => r._id)).not.toContain(id);

    let heard = 0;
    t.services.reviewChanges.onChange(() => heard++);
    expect(await patch(admin, id, { status: "published", reply: "  Thank you, Maria!  " })).toMatchObject({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 },
    });
    // Every process drops the pages it kept (home and /reviews show reviews).
    expect(heard).toBeGreaterThan(0);
    const shown = (await published()).reviews.find((r) => r._id === id);
    expect(shown).toMatchObject({ reply: "Thank you, Maria!" });

    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    const firstPublished = row!.publishedAt!;
    expect(row!.repliedAt).toBeInstanceOf(Date);
    // Hidden, then published again: still first published then.
    expect((await patch(admin, id, { status: "hidden" })).status).toBe(200);
    expect((await published()).reviews.map((r) => r._id)).not.toContain(id);
    expect((await patch(admin, id, { status: "published" })).status).toBe(200);
    const [again] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(again!.publishedAt).toEqual(firstPublished);
    expect((await patch(admin, id, { status: "published" })).body).toMatchObject({ modifiedCount: 0 });
    // An empty reply removes it.
    expect((await patch(admin, id, { reply: "" })).status).toBe(200);
    expect((await published()).reviews.find((r) => r._id === id)).toMatchObject({ reply: "" });
  });

  it("only admins moderate: visitors and members are refused, bad changes are 400, unknown ids 404", async () => {
    const { token } = await collectedVisit();
    const id = (await post(token, { rating: 3 })).body.insertedId!;
    expect((await patch(null, id, { status: "published" })).status).toBe(401);
    expect((await patch(member, id, { status: "published" })).status).toBe(403);
    expect((await callAs(t, null, "/api/reviews/moderation")).status).toBe(401);
    expect((await callAs(t, member, "/api/reviews/moderation")).status).toBe(403);
    const [row] = await t.database.db.select().from(reviews).where(eq(reviews.id, id));
    expect(row!.status).toBe("pending");

    const tooLong = await patch(admin, id, { reply: "z".repeat(1001) });
    expect(tooLong).toMatchObject({ status: 400, body: { error: { fields: { reply: expect.any(String) } } } });
    expect((await patch(admin, id, { status: "pending" })).status).toBe(400);
    expect((await patch(admin, id, {})).status).toBe(400);
    expect((await patch(admin, "0123456789abcdef01234567", { status: "hidden" })).status).toBe(404);
    expect((await patch(admin, "nope", { status: "hidden" })).status).toBe(404);
  });

  it("the admin's list puts those waiting first and filters by state", async () => {
    const all = await callAs(t, admin, "/api/reviews/moderation?limit=200");
    expect(all.status).toBe(200);
    const statuses = (all.body as { status: string }[]).map((r) => r.status);
    const firstOther = statuses.findIndex((s) => s !== "pending");
    expect(statuses.slice(firstOther).every((s) => s !== "pending")).toBe(true);
    const hidden = await callAs(t, admin, "/api/reviews/moderation?status=hidden");
    expect((hidden.body as { status: string }[]).every((r) => r.status === "hidden")).toBe(true);
    expect((await callAs(t, admin, "/api/reviews/moderation?status=lost")).status).toBe(400);
  });

  it("GET /api/reviews is paged and counts published reviews only", async () => {
    const all = await published();
    const rows = await t.database.db.select().from(reviews).where(eq(reviews.status, "published"));
    expect(all.count).toBe(rows.length);
    expect(all.average).toBe(Math.round((rows.reduce((s, r) => s + r.rating, 0) / rows.length) * 10) / 10);
    const page = await t.request("/api/reviews?limit=1&offset=0", { headers: { Origin: TEST_ORIGIN } });
    expect(page.headers.get("X-Total-Count")).toBe(String(rows.length));
    expect(((await page.json()) as { reviews: unknown[] }).reviews).toHaveLength(1);
  });
});
