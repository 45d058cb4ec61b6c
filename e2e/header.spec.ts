import { expect, test } from "@playwright/test";
import { isPhone, waitForHydration } from "./support";

test.describe("the header @layout", () => {
  test("shows the links of the specification in one list, on a phone inside the menu; its Book A Slot button leads to the contact page", async ({
    page,
  }) => {
    await page.goto("/about");
    await waitForHydration(page);
    await page.getByRole("banner").getByRole("link", { name: "Book A Slot" }).click();
    await expect(page).toHaveURL(/\/contact$/);

    if (isPhone(page)) await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["HOME", "ABOUT US", "PRICING", "CONTACT", "LOGIN"]);
    // Login brings the visitor back to the page they were on.
    await expect(nav.getByRole("link", { name: "LOGIN" })).toHaveAttribute("href", "/login?redirectTo=%2Fcontact");
  });

  test("hides when scrolling down past 80 px, ignores moves of 8 px or less, shows when scrolling up; every route change scrolls to the top", async ({
    page,
  }) => {
    await page.goto("/");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);

    await scrollTo(70);
    await expect(header).toBeInViewport();
    await scrollTo(600);
    await expect(header).not.toBeInViewport();
    await scrollTo(594);
    await page.waitForTimeout(100); // two frames: the rule must hold, not merely lag behind
    await expect(header).not.toBeInViewport();
    await scrollTo(500);
    await expect(header).toBeInViewport({ ratio: 1 });
    await scrollTo(900);
    await expect(header).not.toBeInViewport();
    await scrollTo(40);
    await expect(header).toBeInViewport({ ratio: 1 });

    // From the footer, far down the page: the next page starts at its top.
    await page.getByRole("contentinfo").getByRole("link", { name: "Location & hours" }).click();
    await expect(page).toHaveURL(/\/location$/);
    await expect(page.getByRole("heading", { level: 1, name: "Find us" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole("contentinfo").getByRole("link", { name: "Full Detail" }).click();
    await expect(page).toHaveURL(/\/services\/full-detail$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

// Tagged @phone: the slide-in menu is the small-screen navigation, so only the phone project runs these.
test.describe("the phone menu @phone", () => {
  test("opens as a drawer 86% wide (at most 360 px), focuses its close button, locks page scroll and keeps focus inside; Escape closes it, focus returns and the page scrolls again", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    const box = await drawer.boundingBox();
    expect(box?.width).toBeCloseTo(Math.min(390 * 0.86, 360), 0);

    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    // Keyboard focus stays inside while it is open.
    await page.keyboard.press("Shift+Tab");
    await expect(drawer.getByRole("link", { name: "Book A Slot" })).toBeFocused();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 4 === 3 ? "Shift+Tab" : "Tab");
      expect(await drawer.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  });

  test("the close button and a link both close it; the link navigates", async ({ page }) => {
    await page.goto("/pricing");
    await waitForHydration(page);
    const menuButton = page.getByRole("button", { name: "Open menu" });
    await menuButton.click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "ABOUT US" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe("");
  });
});
