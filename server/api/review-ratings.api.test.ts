import { describe, expect, it } from "vitest";
import type { Actor } from "~/lib/access";
import { loader as siteLayoutLoader } from "~/routes/site-layout";
import { signUpAdmin } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";

/**
 * The structured data's AggregateRating (every page's JSON-LD, written by the site layout's loader
 * under home) counts published reviews only: none at all while the site shows only its samples.
 */
const t = setupTestApp();

/** The JSON-LD a visitor's home page carries. */
async function homeJsonLd() {
  const args = {
    request: new Request(`${TEST_ORIGIN}/`),
    context: { services: t.services, site: t.services.dependencies.site },
    params: {},
  };
  const answer = (await siteLayoutLoader(args as never)) as unknown as { data: { jsonLd: string } };
  return JSON.parse(answer.data.jsonLd) as { aggregateRating?: { ratingValue: number; reviewCount: number } };
}

async function review(rating: number) {
  const [row] = await insertBookings(t.database.db, [
    buildBooking({ email: `rater${Math.random()}@example.com`, preferredDate: inDays(-2), visitStage: "collected" }),
  ]);
  const answer = await t.json<{ insertedId: string }>(`/api/reviews/${t.services.reviewLinks.token(row!.id)}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN },
    body: JSON.stringify({ rating }),
  });
  expect(answer.status).toBe(201);
  return answer.body.insertedId;
}

describe("AggregateRating", () => {
  it("is absent while no review is published, then counts published reviews only", async () => {
    const account = await signUpAdmin(t);
    const admin: Actor = { ...account, role: "admin", emailVerified: true };
    const [five, four, two, one] = [await review(5), await review(4), await review(2), await review(1)];
    expect((await homeJsonLd()).aggregateRating).toBeUndefined();

    await t.services.reviews.moderate(admin, five, { status: "published" });
    await t.services.reviews.moderate(admin, four, { status: "published" });
    await t.services.reviews.moderate(admin, one, { status: "hidden" });
    expect((await homeJsonLd()).aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2, bestRating: 5 });

    // The 2-star one, published by the admin, counts; hiding one takes it out again.
    await t.services.reviews.moderate(admin, two, { status: "published" });
    expect((await homeJsonLd()).aggregateRating).toMatchObject({ ratingValue: 3.7, reviewCount: 3 });
    await t.services.reviews.moderate(admin, five, { status: "hidden" });
    expect((await homeJsonLd()).aggregateRating).toMatchObject({ ratingValue: 3, reviewCount: 2 });
  });
});
