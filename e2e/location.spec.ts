import { expect, test } from "@playwright/test";
import { waitForHydration } from "./support";

test.describe("the location page", () => {
  test("shows the address, the hours and whether the shop is open now", async ({ page }) => {
    await page.goto("/location");
    await expect(page.getByText("1250 Harbor Boulevard, Springfield, NY 10001").first()).toBeVisible();
    await expect(page.getByText(/^(Open now|Closed now)$/)).toBeVisible();
    await expect(page.getByText(/^(Closes at|Opens (today|tomorrow|\w+day) at) \d+ (AM|PM)$/)).toBeVisible();
    await expect(page.getByText("Mon–Sat").first()).toBeVisible();
    await expect(page.getByText("8 AM–5 PM").first()).toBeVisible();
  });

  test("keeps the static map and offers a link when the map provider cannot be reached", async ({ page }) => {
    await page.route(/openstreetmap\.org/, (route) => route.abort("internetdisconnected"));
    await page.goto("/location");
    await waitForHydration(page);
    const map = page.getByRole("region", { name: "Map" });
    await map.getByRole("button", { name: "Show interactive map" }).click();
    await expect(map.getByRole("status")).toHaveText(/can't be reached/);
    await expect(map.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
      "href",
      /openstreetmap\.org/,
    );
    await expect(map.getByRole("link", { name: "Get directions" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Find us" })).toBeVisible();
  });

  test("shows the interactive map when the provider answers", async ({ page }) => {
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
      "base64",
    );
    await page.route("https://tile.openstreetmap.org/**", (route) =>
      route.fulfill({ contentType: "image/png", body: png }),
    );
    await page.route("https://www.openstreetmap.org/export/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<p>map</p>" }),
    );
    await page.goto("/location");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Show interactive map" }).click();
    await expect(page.locator('iframe[title^="Map showing Sparkle Auto Spa"]')).toBeVisible();
  });
});
