import { expect, test } from "@playwright/test";

test.describe("the catalogue on the server-rendered site", () => {
  test("the pricing page's HTML from the server already lists the seeded popular packages", async ({ request }) => {
    const response = await request.get("/pricing");
    expect(response.status()).toBe(200);
    const html = await response.text();
    for (const name of [
      "Express Exterior Wash",
      "Signature Wash &amp; Wax",
      "Platinum Full Detail",
      // The single services and an oil change's oils, from the prices the quote reads (decision 048).
      "Full synthetic",
      "Engine Clean",
    ]) {
      expect(html).toContain(name);
    }
  });

  test("a visitor picks a popular package and lands on its booking page", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1, name: "Our Services" })).toBeVisible();
    const popular = page.getByRole("region", { name: "Popular Packages" });
    await expect(popular.getByRole("article")).toHaveCount(3);
    const standard = popular.getByRole("article", { name: "Signature Wash & Wax" });
    await expect(standard.getByText("From $54.99")).toBeVisible();
    await expect(standard.getByRole("row", { name: /^Medium/ })).toContainText("$59.99");

    await standard.getByRole("link", { name: /Book A Slot/ }).click();
    await expect(page).toHaveURL(/\/packages\/[0-9a-f]{24}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Signature Wash & Wax" })).toBeVisible();
    // The package's own price (the booking form's summary names it too once the form has loaded).
    await expect(page.getByText("From $54.99")).toBeVisible();
    const bySize = page.getByRole("table", { name: "Signature Wash & Wax: price by vehicle size" });
    await expect(bySize.getByRole("row", { name: /^Large/ })).toContainText("$64.99");
    await expect(page.getByRole("listitem").filter({ hasText: "Spray wax with 4-week protection" })).toBeVisible();
    await expect(page).toHaveTitle(/Signature Wash & Wax/);
    expect(errors).toEqual([]);
  });

  test("other services list the six single services, in the booking form's order", async ({ page }) => {
    await page.goto("/pricing");
    const services = page.getByRole("region", { name: "Other Services" }).getByRole("heading", { level: 3 });
    await expect(services).toHaveText([
      "Hand Wash",
      "Interior Clean",
      "Wax",
      "Full Detail",
      "Oil Change",
      "Engine Clean",
    ]);
  });

  test("an unknown package id shows the not-found page with a 404", async ({ page }) => {
    for (const id of ["0123456789abcdef01234567", "not-a-real-id"]) {
      const response = await page.goto(`/packages/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "See our packages" })).toBeVisible();
    }
  });

  test("an unknown route shows the not-found page inside the site's header and footer", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Book A Slot" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Pricing" })).toBeVisible();
  });
});

test("built assets are served compressed and cached for a year; pages are not", async ({ request }) => {
  const html = await (await request.get("/pricing")).text();
  const script = html.match(/\/assets\/[\w.-]+\.js/)![0];
  const asset = await request.get(script, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(asset.status()).toBe(200);
  expect(asset.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(asset.headers()["content-encoding"]).toBe("br");
  expect(asset.headers()["content-type"]).toMatch(/javascript/);
  expect((await request.get("/assets/no-such-file.js")).status()).toBe(404);
});
