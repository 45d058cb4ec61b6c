import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { firstPackageId, hydratedAndQuiet, isPhone, otherDayZone, watchConsole } from "./support";

/**
 * Every public route of the specification (docs/specification-quirks.md §12) with the h1 a visitor
 * sees there. Each page is checked at desktop width; one page of each layout (`layout`) at phone
 * width too: the five service pages share one, and /About is /about. A package's page follows.
 */
const PAGES: { path: string; heading: string | RegExp; canonical?: string; layout?: true }[] = [
  { path: "/", heading: "Hand car wash & quick lube, done right.", layout: true },
  { path: "/about", heading: "The people behind Sparkle Auto Spa", layout: true },
  { path: "/About", heading: "The people behind Sparkle Auto Spa", canonical: "/about" },
  { path: "/pricing", heading: "Our Services", layout: true },
  { path: "/contact", heading: "Book a slot or ask us anything", layout: true },
  { path: "/booking", heading: "Book your slot", layout: true },
  { path: "/location", heading: "Find us", layout: true },
  { path: "/reviews", heading: "What our customers say", layout: true },
  { path: "/hotels", heading: "Our Trusted Hotel Partners", layout: true },
  { path: "/services/hand-wash", heading: "Hand Wash", layout: true },
  { path: "/services/interior-clean", heading: "Interior Clean" },
  { path: "/services/express-wax", heading: "Wax" },
  { path: "/services/full-detail", heading: "Full Detail" },
  { path: "/services/oil-change", heading: "Oil Change" },
];

/**
 * In a browser whose calendar day is not the business's (support.ts), so a date rendered in both
 * zones shows as a hydration error. These are the public pages' only check for console errors.
 */
test.use({ timezoneId: otherDayZone() });

/**
 * Walks per width: a part of the pages each, in one browser tab, as a visitor clicking through
 * would load them (a fresh tab per page cost each its own context and first download: 31 tests,
 * 127 s on two workers, stop 54). Three parts, not one walk: a single walk of every page was the
 * longest test of the run, and when it started late the other worker sat idle for its last 85 s
 * (stop 55). Each page's checks are soft and name its path, so a failure says which page.
 */
const PARTS = 3;
test.describe("every public page", () => {
  for (let part = 0; part < PARTS; part++) {
    test(`renders its heading, meta tags and no console error, and axe finds no violation (part ${part + 1} of ${PARTS}) @layout`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const phone = isPhone(page);
      const plan = await firstPackageId(page);
      const pages = [
        ...PAGES.filter((p) => !phone || p.layout),
        { path: `/packages/${plan.id}`, heading: plan.name, layout: true as const },
      ].filter((_, index) => index % PARTS === part);
      for (const { path, heading, canonical } of pages) {
        await test.step(path, async () => {
          const errors = watchConsole(page);
          const response = await page.goto(path);
          expect.soft(response?.status(), path).toBe(200);
          expect.soft(response?.headers()["cache-control"], path).toBe("public, max-age=0, must-revalidate");
          await hydratedAndQuiet(page);

          await expect.soft(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
          await expect.soft(page.getByRole("heading", { level: 1 }), path).toHaveText(heading);
          await expect.soft(page, path).toHaveTitle(/\| Sparkle Auto Spa$/);
          await expect.soft(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{50,}/);
          const url = new URL(canonical ?? path, page.url()).toString().replace(/\/$/, path === "/" ? "/" : "");
          await expect.soft(page.locator('link[rel="canonical"]'), path).toHaveAttribute("href", url);
          await expect
            .soft(page.locator('meta[property="og:title"]'), path)
            .toHaveAttribute("content", await page.title());
          await expect.soft(page.locator('meta[property="og:url"]'), path).toHaveAttribute("content", url);
          await expect
            .soft(page.locator('meta[property="og:image"]'), path)
            .toHaveAttribute("content", /\/images\/og-card\.jpg$/);
          for (const landmark of ["banner", "main", "contentinfo"] as const)
            await expect.soft(page.getByRole(landmark), `${path} ${landmark}`).toHaveCount(1);

          const axe = await new AxeBuilder({ page }).analyze();
          expect
            .soft(
              axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
              path,
            )
            .toEqual([]);
          expect.soft(errors, path).toEqual([]);
          page.removeAllListeners("console");
          page.removeAllListeners("pageerror");
        });
      }

      if (part === PARTS - 1)
        await test.step("the not-found page", async () => {
          await page.goto("/no/such/page");
          const axe = await new AxeBuilder({ page }).analyze();
          expect(axe.violations.map((v) => v.id)).toEqual([]);
        });
    });
  }
});

test.describe("search engines", () => {
  test("every page describes the business as an AutoWash with address, phone and hours", async ({ page }) => {
    await page.goto("/location");
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json ?? "{}");
    expect(data["@type"]).toBe("AutoWash");
    expect(data.telephone).toBe("(555) 014-2290");
    expect(data.address).toMatchObject({
      streetAddress: "1250 Harbor Boulevard",
      addressLocality: "Springfield",
      postalCode: "10001",
    });
    expect(data.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ dayOfWeek: ["Sunday"], opens: "08:00", closes: "17:00" }),
    );
    // No review is published (reviews.spec.ts hides the one it publishes): the sample reviews claim no rating.
    expect(data.aggregateRating).toBeUndefined();
    expect(data.sameAs).toEqual(["https://www.instagram.com/sparkleautospa"]);
  });

  test("sitemap.xml lists the public pages, the service pages and every package page", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const xml = await response.text();
    for (const path of [
      "/",
      "/about",
      "/pricing",
      "/contact",
      "/location",
      "/hotels",
      "/reviews",
      "/booking",
      "/services/full-detail",
    ]) {
      expect(xml).toContain(`${new URL(path, response.url()).toString()}</loc>`);
    }
    const packages = (await (await request.get("/api/plans?kind=packages&limit=200")).json()) as { _id: string }[];
    expect(packages.length).toBeGreaterThanOrEqual(3);
    for (const p of packages) expect(xml).toContain(`/packages/${p._id}</loc>`);
    expect(xml).not.toContain("/dashboard");
  });

  test("robots.txt keeps crawlers out of the dashboard and names the sitemap", async ({ request }) => {
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /dashboard");
    expect(robots).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
  });

  test("pages revalidate by ETag: an unchanged page answers 304", async ({ request }) => {
    const first = await request.get("/about");
    const etag = first.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await request.get("/about", { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
  });
});
