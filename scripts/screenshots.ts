/**
 * `npx tsx scripts/screenshots.ts [--url http://localhost:3000] [paths…]`: full-page screenshots
 * of a running server at phone (390×844), tablet (820×1180) and desktop (1366×768) widths into screenshots/, to look at.
 * `--login email:password` signs in first (through the API, as the login page would).
 */
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: "string", default: "http://localhost:3000" },
    login: { type: "string" },
    prefix: { type: "string", default: "" },
  },
});
const PUBLIC_PAGES = [
  "/",
  "/about",
  "/pricing",
  "/contact",
  "/booking",
  "/location",
  "/reviews",
  "/hotels",
  "/services/hand-wash",
  "/services/full-detail",
  "/no-such-page",
];
const paths = positionals.length > 0 ? positionals : PUBLIC_PAGES;
const viewports = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1366, height: 768 },
};

mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const [name, viewport] of Object.entries(viewports)) {
  const page = await browser.newPage({ viewport, isMobile: name === "phone" });
  if (values.login) {
    const [email, password] = values.login.split(":");
    await page.request.post(new URL("/api/auth/sign-in/email", values.url).toString(), {
      data: { email, password },
      headers: { Origin: new URL(values.url!).origin },
    });
  }
  page.on("console", (m) => m.type() === "error" && console.log(`console error on ${page.url()}: ${m.text()}`));
  for (const path of paths) {
    await page.goto(new URL(path, values.url).toString(), { waitUntil: "networkidle" });
    // Scroll through once so lazy images load, as they would for a visitor reading down the page.
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 400) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      window.scrollTo(0, 0);
    });
    await page.waitForLoadState("networkidle");
    const file = `screenshots/${values.prefix}${name}${path === "/" ? "-home" : path.replace(/[^a-z0-9]+/gi, "-")}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
