import AxeBuilder from "@axe-core/playwright";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { waitForReact, watchConsole } from "./support";

/**
 * Issue 28, reviews that are real: a day after a visit is collected the customer is asked, rates it
 * through the e-mail's link (no account), the admin publishes it, and home shows it. Published
 * reviews replace the sample reviews every visitor's home shows, so this test runs alone, first,
 * and hides its review again at the end (@shared-state).
 */
test("a customer rates a visit from the review e-mail's link, the admin publishes it, and home shows it @shared-state", async ({
  page,
  admin: _,
  browser,
  baseURL,
}) => {
  // Two browsers, the review, its moderation and the clock put back: a long journey (about 30 s on a busy machine).
  const headers = { Origin: baseURL! };
  const tag = uniqueTag();
  const email = uniqueEmail("rater");
  const comment = `Spotless inside and out, ${tag}.`;

  // Booked at the counter for today, and collected.
  const booked = await page.request.post("/api/bookings", {
    headers,
    data: buildBookingRequest({
      fullName: "Maria Quintero",
      email,
      preferredDate: inDays(0),
      preferredTimeSlot: "Anytime",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { insertedId: bookingId } = (await booked.json()) as { insertedId: string };
  const collected = await page.request.put(`/api/bookings/${bookingId}/stage`, {
    headers,
    data: { stage: "collected" },
  });
  expect(collected.status(), await collected.text()).toBe(200);

  const visitor = await browser.newContext({ baseURL });
  const customer = await visitor.newPage();
  const errors = watchConsole(customer);
  let reviewId: string | undefined;
  try {
    // A day and an hour later, by the follow-ups' clock: the request is queued.
    const moved = await page.request.put("/api/test-clock", {
      headers,
      data: { now: new Date(Date.now() + 25 * 3_600_000).toISOString() },
    });
    expect(moved.status(), await moved.text()).toBe(200);

    await page.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
    const mail = page.getByRole("article", { name: "How was your visit to Sparkle Auto Spa?" });
    const frame = mail.getByTitle(/^How was your visit to .* \(as the customer sees it\)$/).contentFrame();
    await expect(frame.getByText("Hi Maria,")).toBeVisible();
    const link = await frame.getByRole("link", { name: "Rate your visit" }).getAttribute("href");
    expect(link).toMatch(/\/review\/[0-9a-f]{24}\.[\w-]{32}$/);

    // The visitor's home, kept for visitors: still the samples.
    await customer.goto("/");
    const homeReviews = customer.getByRole("region", { name: "What our customers say" });
    await expect(homeReviews.getByText("Maria Gonzalez")).toBeVisible();

    // One character changed: a friendly page, answered 404 (which the browser logs: a page of its own), never indexed.
    const mistyped = await visitor.newPage();
    const refused = await mistyped.goto(link!.replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect(refused!.status()).toBe(404);
    expect(refused!.headers()["x-robots-tag"]).toBe("noindex");
    await expect(mistyped.getByRole("heading", { level: 1, name: "This review link is not valid" })).toBeVisible();
    await mistyped.close();

    // The customer follows the link: no account, five stars and a comment.
    await customer.goto(link!);
    await expect(customer.getByRole("heading", { level: 1, name: "How was your visit?" })).toBeVisible();
    await expect(customer.getByText(/Hand Wash at Sparkle Auto Spa on/)).toBeVisible();
    const five = customer.getByRole("radio", { name: "5 stars: Excellent" });
    await waitForReact(five);
    // Each choice draws as many stars as it gives: "1 Poor" one, "5 Excellent" five.
    const choice = (name: string) =>
      customer
        .locator("label")
        .filter({ has: customer.getByRole("radio", { name }) })
        .locator("svg");
    await expect(choice("1 star: Poor")).toHaveCount(1);
    await expect(choice("5 stars: Excellent")).toHaveCount(5);
    expect((await new AxeBuilder({ page: customer }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await customer.getByRole("button", { name: "Send review" }).click();
    await expect(customer.getByText("Choose a rating from 1 to 5 stars")).toBeVisible();
    await five.check();
    await customer.getByLabel("Tell us more (optional)").fill(comment);
    await customer.getByRole("button", { name: "Send review" }).click();
    await expect(customer.getByRole("heading", { name: "Thank you!" })).toBeFocused();
    await expect(customer.getByText(/will show on our site, with your first name and last initial/)).toBeVisible();
    // The same link again: reviewed already.
    await customer.reload();
    await expect(customer.getByText("You have already reviewed this visit. Thank you!")).toBeVisible();

    // The admin publishes it (the Outbox's sandboxed frames are behind: its console is watched from here).
    const adminErrors = watchConsole(page);
    await page.goto("/dashboard/reviews");
    const card = page.getByRole("article").filter({ hasText: comment });
    await expect(card.getByText("Waiting")).toBeVisible();
    await expect(card.getByText("Maria Quintero")).toBeVisible();
    const listed = (await (await page.request.get("/api/reviews/moderation?status=pending")).json()) as {
      _id: string;
      comment: string;
    }[];
    reviewId = listed.find((r) => r.comment === comment)?._id;
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    const publish = card.getByRole("button", { name: "Publish" });
    await waitForReact(publish);
    await publish.click();
    await expect(page.getByRole("status").getByText("Maria Q.'s review shows on the site.")).toBeVisible();
    await expect(card.getByText("Published", { exact: true })).toBeVisible();

    // Home shows it at once, with the first name and last initial, the service and the month.
    await customer.goto("/");
    await expect(homeReviews.getByText(comment)).toBeVisible();
    await expect(homeReviews.getByText("Maria Q.", { exact: true })).toBeVisible();
    const month = new Date(`${inDays(0)}T12:00:00Z`).toLocaleString("en-US", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    await expect(homeReviews.getByText(`Hand Wash · ${month}`)).toBeVisible();
    await expect(homeReviews.getByText("Maria Gonzalez")).toHaveCount(0);
    const jsonLd = JSON.parse((await customer.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd.aggregateRating).toMatchObject({ ratingValue: 5, reviewCount: 1 });
    expect([...errors, ...adminErrors]).toEqual([]);
  } finally {
    // Every other test reads the samples' home again.
    if (reviewId)
      expect(
        (await page.request.patch(`/api/reviews/${reviewId}`, { headers, data: { status: "hidden" } })).status(),
      ).toBe(200);
    await page.request.put("/api/test-clock", { headers, data: { now: new Date().toISOString() } });
    await visitor.close();
  }
});
