import type { APIResponse, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Issue 12, finding 8 (headers) and finding 4 (return paths), checked on the built site in Chromium. */

/** Records every Content-Security-Policy violation the page reports, as an event or on the console. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(m.text()));
  await page.exposeFunction("reportViolation", (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportViolation(v: string): void }).reportViolation(
        `${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${location.pathname}`,
      ),
    ),
  );
  return violations;
}

/** Opens the page and waits until React Router's scripts (allowed only by their nonce) have run. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  expect(response?.headers()["content-security-policy"], path).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  await page.waitForFunction(() => "__reactRouterRouteModules" in window);
  await page.waitForLoadState("networkidle");
}

/**
 * The public pages' and the dashboard's clean loads (public-pages.spec.ts, console-clean.spec.ts)
 * show their scripts run under the policy. The location page's interactive map is the one page that
 * reaches another site: it probes a tile and embeds the provider's page (when this machine reaches it).
 */
test("the interactive map runs under the Content-Security-Policy without a violation", async ({ page }) => {
  const violations = await watchPolicy(page);
  await visit(page, "/location");
  await page.getByRole("button", { name: "Show interactive map" }).click();
  await expect(page.getByRole("button", { name: "Loading map…" })).toHaveCount(0, { timeout: 10_000 });
  await page.waitForLoadState("networkidle");
  expect(violations).toEqual([]);
});

test("a visitor's unchanged page is sent as rendered, with the policy naming its scripts' nonce, and revalidates to a 304 that keeps the cached policy; a signed-in page gets a fresh nonce per answer @cluster", async ({
  request,
  page,
  member: _,
}) => {
  const nonce = (r: APIResponse) => r.headers()["content-security-policy"]!.match(/'nonce-([^']+)'/)![1]!;
  const scriptNonces = async (r: APIResponse) =>
    new Set([...(await r.text()).matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
  // A visitor's page is kept whole (server/page-cache.ts, decisions/020): sent again as rendered, so with
  // the nonce it was rendered with, by each server process (the cluster run has two, round robin).
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await request.get("/pricing"));
  for (const answer of answers) expect(await scriptNonces(answer)).toEqual(new Set([nonce(answer)]));
  expect(new Set(answers.map(nonce)).size).toBeLessThan(answers.length);
  expect(new Set(answers.map((a) => a.headers()["etag"])).size).toBe(1);
  const first = answers[0]!;
  const again = await request.get("/pricing", { headers: { "If-None-Match": first.headers()["etag"]! } });
  expect(again.status()).toBe(304);
  expect(again.headers()["content-security-policy"]).toBeUndefined();
  // Signed in, every answer is rendered anew with a nonce of its own.
  const mine = await page.request.get("/pricing");
  const mineAgain = await page.request.get("/pricing");
  expect(mine.headers()["cache-control"]).toBe("private, no-store");
  expect(nonce(mine)).not.toBe(nonce(first));
  expect(nonce(mineAgain)).not.toBe(nonce(mine));
  expect(await scriptNonces(mineAgain)).toEqual(new Set([nonce(mineAgain)]));
});

test("signed in, /login sends a return path from the query only to this site, never answering 500", async ({
  page,
  member: _,
}) => {
  for (const [target, expected] of [
    ["/%09/evil.test", undefined],
    ["/%09%5Cevil.test", undefined],
    ["/%0a/evil.test", undefined],
    ["/%0d/evil.test", undefined],
    ["/%E3%80%80/evil.test", undefined],
    ["/dashboard/my-bookings", "/dashboard/my-bookings"],
  ] as const) {
    const response = await page.request.get(`/login?redirectTo=${target}`, { maxRedirects: 0 });
    expect(response.status(), target).toBeGreaterThanOrEqual(300);
    expect(response.status(), target).toBeLessThan(400);
    const base = new URL(response.url());
    const resolved = new URL(response.headers()["location"]!, base);
    expect(resolved.origin, target).toBe(base.origin);
    if (expected) expect(resolved.pathname).toBe(expected);
  }
});
