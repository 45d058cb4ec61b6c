import { expect, test } from "@playwright/test";
import { waitForHydration, watchConsole } from "./support";

/** docs/decisions/021-first-paint.md: a page paints from its HTML alone, then loads its scripts. */

const HERO_IMAGE = "/images/hero-foam.svg";

test("a page is styled with no stylesheet to fetch and no script run", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const stylesheets: string[] = [];
  page.on("request", (r) => r.resourceType() === "stylesheet" && stylesheets.push(r.url()));
  await page.goto("/pricing");

  // The header's brand colour and the heading's weight come from the site's stylesheet, in the page itself.
  await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(11, 47, 85)");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "800");
  expect(stylesheets).toEqual([]);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  await context.close();
});

test("the home page's head asks for its hero image first and for no script before the first paint", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toContain("<style ");
  expect(head).not.toMatch(/<link[^>]*rel="(stylesheet|modulepreload)"/);
  const heroPreload = new RegExp(`<link [^>]*rel="preload" as="image" href="${HERO_IMAGE}" fetchPriority="high"/>`);
  expect(head).toMatch(heroPreload);
  // The modules are asked for from a script (with the page's nonce) once the first content is painted.
  expect(head).toMatch(/<script nonce="[^"]+">[^<]*"\/assets\/entry\.client-[^"]+\.js"[^<]*first-contentful-paint/);
  // Nothing but the small site logo is asked for ahead of it.
  expect(head.slice(0, head.search(heroPreload))).not.toMatch(/<(link|script)[^>]*(href|src)="\/(assets|images)\//);
});

test("after the first paint the page loads its modules and hydrates, without an error", async ({ page }) => {
  const errors = watchConsole(page);
  const modules: string[] = [];
  page.on("requestfinished", (r) => r.resourceType() === "script" && modules.push(new URL(r.url()).pathname));
  await page.goto("/");
  await waitForHydration(page);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hand car wash & quick lube, done right.");
  await expect(page.getByRole("img", { name: "A red car covered in snow foam during a hand wash" })).toBeVisible();
  expect(modules.some((m) => /^\/assets\/entry\.client-.+\.js$/.test(m))).toBe(true);
  // The stylesheet stays in the head through hydration and a client-side navigation.
  await page.getByRole("link", { name: "See prices" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Services");
  await expect(page.getByRole("banner")).toHaveCSS("background-color", "rgb(11, 47, 85)");
  expect(errors).toEqual([]);
});
