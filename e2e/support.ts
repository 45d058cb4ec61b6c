import { expect, type Download, type Locator, type Page } from "@playwright/test";

/** Collects console errors and page errors, to assert none happened. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Waits until React has hydrated the page: hydrated elements carry React's props key.
 * Clicking before that would hit server HTML with no handlers yet.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const button = document.querySelector("header button");
    return !!button && Object.keys(button).some((k) => k.startsWith("__reactProps"));
  });
}

/** The id of a seeded package, for its booking page. */
export async function firstPackageId(page: Page): Promise<{ id: string; name: string }> {
  const response = await page.request.get("/api/plans?kind=packages&limit=1");
  expect(response.ok()).toBe(true);
  const [plan] = (await response.json()) as { _id: string; name: string }[];
  return { id: plan!._id, name: plan!.name };
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** Waits until React has hydrated this element: typing into server HTML before that is lost. */
export async function waitForReact(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__react")))).toBe(true);
}

/** A date a couple of weeks ahead, unique per test and viewport so their slots do not collide. */
export function futureDate(offset: number, projectName: string) {
  const days = 14 + offset + (projectName === "phone" ? 40 : 0);
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** What the browser saved from a download, as text. */
export async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
