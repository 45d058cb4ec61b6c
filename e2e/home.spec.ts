import { expect, test, type Page } from "@playwright/test";
import { SERVICE_TYPES } from "~/features/catalogue/catalogue.schema";
import { waitForHydration } from "./support";

const currentSlide = (page: Page) => page.getByRole("region", { name: "Our work" }).getByRole("group");

/** Loads the home page on a paused fake clock, so time only moves when the test says so. */
async function openHomeOnPausedClock(page: Page) {
  await page.clock.install({ time: new Date("2025-06-02T14:00:00Z") });
  await page.clock.pauseAt(new Date("2025-06-02T14:00:01Z"));
  await page.goto("/");
  await waitForHydration(page);
}

// Timers, pointer and focus: what the hero does is the same at every width, so it runs at desktop
// width only; how the home page is laid out at phone width is `public-pages.spec.ts`'s (axe, landmarks)
// and the hotels page's below.
test.describe("the hero", () => {
  test("rotates its images every 4 seconds, pauses under the pointer and keyboard focus, and its pause button stops it", async ({
    page,
  }) => {
    await openHomeOnPausedClock(page);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of 3/);
    await page.clock.runFor(3_900);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of 3/);
    await page.clock.runFor(200);
    await expect(currentSlide(page)).toHaveAccessibleName(/^2 of 3/);
    await page.clock.runFor(4_000);
    await expect(currentSlide(page)).toHaveAccessibleName(/^3 of 3/);
    await page.clock.runFor(4_000);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of 3/);

    // The pointer over it pauses it; it resumes when the pointer leaves.
    await page.getByRole("region", { name: "Our work" }).hover();
    await page.clock.runFor(12_000);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of 3/);
    await page.mouse.move(1, 1);
    await page.clock.runFor(4_100);
    await expect(currentSlide(page)).toHaveAccessibleName(/^2 of 3/);

    // Keyboard focus inside pauses it too; its pause button stops it until Play.
    await page.getByRole("button", { name: "Show slide 1: Hand wash" }).focus();
    await page.clock.runFor(12_000);
    await expect(currentSlide(page)).toHaveAccessibleName(/^2 of 3/);
    await page.getByRole("button", { name: "Show slide 3: Quick lube" }).click();
    await expect(currentSlide(page)).toHaveAccessibleName(/^3 of 3/);
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    await page.getByRole("link", { name: "Book Now" }).focus();
    await page.mouse.move(1, 1);
    await page.clock.runFor(12_000);
    await expect(currentSlide(page)).toHaveAccessibleName(/^3 of 3/);
    await page.getByRole("button", { name: "Play slideshow" }).click();
    await page.getByRole("link", { name: "Book Now" }).focus();
    await page.mouse.move(1, 1);
    await page.clock.runFor(4_100);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of 3/);
  });

  test("does not rotate at all for people who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await openHomeOnPausedClock(page);
    await page.clock.runFor(20_000);
    await expect(currentSlide(page)).toHaveAccessibleName(/^1 of 3/);
    await expect(page.getByRole("button", { name: "Pause slideshow" })).toHaveCount(0);
  });
});

test.describe("the home page", () => {
  test("its sections: the hero's images, services and packages from the catalogue, reviews, the promo, the ways to book, hotels and the footer", async ({
    page,
  }) => {
    await page.goto("/");

    // The hero loads its first image with priority and the others lazily, all with their size.
    const images = page.getByRole("region", { name: "Our work" }).locator("img");
    await expect(images).toHaveCount(3);
    await expect(images.nth(0)).toHaveAttribute("fetchpriority", "high");
    await expect(images.nth(1)).toHaveAttribute("loading", "lazy");
    for (const img of await images.all()) {
      await expect(img).toHaveAttribute("width", "800");
      await expect(img).toHaveAttribute("height", "560");
    }
    await expect(page.getByRole("link", { name: "Book Now" })).toHaveAttribute("href", "/contact");

    // The six services with from-prices from the catalogue, each card a link to the service's page.
    const services = page.getByRole("region", { name: "Our services" });
    await expect(services.getByRole("heading", { level: 3 })).toHaveText([...SERVICE_TYPES]);
    await expect(services.getByRole("listitem").filter({ hasText: "Oil Change" })).toContainText("From $44.99");
    await expect(services.getByRole("link")).toHaveCount(6);
    await expect(services.getByRole("link", { name: "Wax" })).toHaveAttribute("href", "/services/express-wax");

    // One package per tier, each with a Book A Slot link to its page.
    const packages = page.getByRole("region", { name: "Popular packages" });
    await expect(packages.getByRole("article")).toHaveCount(3);
    await expect(packages.getByText(/^(ECONOMY|Economy)$/)).toBeVisible();
    const links = packages.getByRole("link", { name: /Book A Slot/ });
    await expect(links).toHaveCount(3);
    for (const link of await links.all()) await expect(link).toHaveAttribute("href", /^\/packages\/[0-9a-f]{24}$/);

    // Reviews read their star ratings to screen readers.
    const reviews = page.getByRole("region", { name: "What our customers say" });
    await expect(reviews.getByRole("img", { name: /^Rated [1-5] out of 5$/ })).toHaveCount(3);
    await expect(reviews.getByRole("img", { name: "Rated 4 out of 5" })).toHaveCount(1);

    // The promo card offers WASH5 with its conditions.
    const promo = page.getByRole("region", { name: "5% off your next wash" });
    await expect(promo).toContainText("WASH5");
    await expect(promo).toContainText("One use per customer.");
    await expect(promo).toContainText("Cannot be combined with other offers");

    // The booking section offers the form, a phone call and a WhatsApp chat with a prefilled message.
    const booking = page.getByRole("region", { name: "Book a Slot" });
    await expect(booking.getByRole("button", { name: "Send booking request" })).toBeVisible();
    await expect(booking.getByRole("link", { name: /Call/ })).toHaveAttribute("href", "tel:+15550142290");
    await expect(booking.getByRole("link", { name: "Book on WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/15550142290\?text=.+/,
    );

    // The newest hotels as cards with a price badge.
    const hotels = page.getByRole("region", { name: "Our Trusted Hotel Partners" });
    const cards = hotels.getByRole("article");
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    await expect(hotels.getByRole("article", { name: "Grand Central Hotel" })).toContainText("££££");

    // The footer: every service, named as the home page names it (the engine clean's link goes to
    // the price list), Login and WhatsApp.
    const footer = page.getByRole("contentinfo");
    const footerServices = footer.getByRole("navigation", { name: "Services" }).getByRole("link");
    await expect(footerServices).toHaveText([...SERVICE_TYPES]);
    await expect(footerServices.last()).toHaveAttribute("href", "/pricing#services-heading");
    await expect(footer.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(footer.getByRole("link", { name: "Book on WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/\d+\?text=/,
    );
    // The test server configures Instagram only (playwright.config.ts): the other networks stay hidden.
    const social = footer.getByRole("list", { name: "Follow us" }).getByRole("link");
    await expect(social).toHaveCount(1);
    await expect(social).toHaveAccessibleName("Sparkle Auto Spa on Instagram");
    await expect(social).toHaveAttribute("href", "https://www.instagram.com/sparkleautospa");

    // The hotels' View more leads to the hotels page: the three seeded partners, and any an admin test added.
    await waitForHydration(page);
    await hotels.getByRole("link", { name: "View more" }).click();
    await expect(page).toHaveURL(/\/hotels$/);
    expect(await page.getByRole("article").count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByRole("article", { name: "Grand Central Hotel" })).toBeVisible();

    // A service card leads to the service's page, with its from-price.
    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await services.getByRole("link", { name: "Full Detail" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Full Detail" })).toBeVisible();
    await expect(page.getByText("From $189.99")).toBeVisible();
  });

  test("the before/after sliders move by keyboard and follow a pointer drag", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const slider = page.getByRole("slider", { name: "Before and after: Winter road grime, gone" });
    const before = page.getByRole("img", { name: /^Before: a red sedan/ });
    const visibleWidth = () => before.evaluate((img) => getComputedStyle(img).clipPath);
    await expect(slider).toHaveValue("50");
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expect(slider).toHaveValue("55");
    await expect(slider).toHaveAttribute("aria-valuetext", "55% before, 45% after");
    expect(await visibleWidth()).toBe("inset(0px 45% 0px 0px)");
    await page.keyboard.press("Home");
    await expect(slider).toHaveValue("0");
    await page.keyboard.press("End");
    await expect(slider).toHaveValue("100");
    expect(await visibleWidth()).toBe("inset(0px 0% 0px 0px)");

    const dragged = page.getByRole("slider", { name: "Before and after: Back from the trail" });
    await dragged.scrollIntoViewIfNeeded();
    const box = (await dragged.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(Number(await dragged.inputValue())).toBeLessThan(30);
  });
});

test.describe("the hotels page @layout", () => {
  test("lays the hotel cards out three to a row on a desktop and one per row on a phone, newest first", async ({
    page,
  }) => {
    await page.goto("/hotels");
    const cards = await page.getByRole("article").all();
    // The three seeded partners come last (an admin test may have added newer ones); the demo
    // seed dates each entry a minute before the one listed before it.
    const seeded = cards.slice(-3);
    expect(await Promise.all(seeded.map((c) => c.getByRole("heading", { level: 3 }).textContent()))).toEqual([
      "Harborview Suites",
      "The Maple Inn",
      "Grand Central Hotel",
    ]);
    const boxes = await Promise.all(cards.slice(0, 3).map((c) => c.boundingBox()));
    const tops = boxes.map((b) => Math.round(b!.y));
    if ((page.viewportSize()?.width ?? 0) >= 768) {
      expect(new Set(tops).size).toBe(1);
    } else {
      expect(tops[1]!).toBeGreaterThan(tops[0]! + boxes[0]!.height - 1);
      expect(tops[2]!).toBeGreaterThan(tops[1]! + boxes[1]!.height - 1);
    }
    // Seeded hotels have no photo: the badge still shows their price level.
    await expect(page.getByRole("article", { name: "The Maple Inn" })).toContainText("££");
  });
});
