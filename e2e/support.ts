import { expect, type ConsoleMessage, type Download, type Locator, type Page } from "@playwright/test";
import { arrivalWindow, friendlyDate } from "~/features/bookings/visit-text";
import { inDays } from "../tests/factories";

/** Collects console errors and page errors, to assert none happened. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && !sandboxRefusal(m) && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * The Outbox's e-mail previews are frames that may run no script (email-preview.tsx). With a
 * trace recording, Playwright's own snapshot script is sent into each such frame, and Chromium
 * reports refusing it: the sandbox doing its job, not an error of the page (it came and went with
 * the timing of the trace's snapshots).
 */
function sandboxRefusal(message: ConsoleMessage): boolean {
  return (
    message.location().url === "about:srcdoc" && message.text().startsWith("Blocked script execution in 'about:srcdoc'")
  );
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

/**
 * A time zone whose calendar day is not the business's right now (far west or far east of New
 * York, whichever differs at this hour): a page that renders a date in the browser's zone as well
 * as the server's mismatches there, as it would for a customer abroad or a laptop set elsewhere.
 */
export function otherDayZone(): string {
  const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
  return ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((zone) => dayIn(zone) !== dayIn("America/New_York"))!;
}

/**
 * Loads each page in turn and waits until React has taken it over and the network is quiet. A page that logged an error on
 * the way (a hydration mismatch, React's #418; a failed request; a script the policy refused) fails
 * the test by its path, after the others are loaded.
 */
export async function expectCleanLoads(page: Page, paths: string[]) {
  const errors = watchConsole(page);
  for (const path of paths) {
    const before = errors.length;
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(400);
    await hydratedAndQuiet(page);
    expect.soft(errors.slice(before), path).toEqual([]);
  }
}

/** Waits until React has taken the page over (its h1 carries React's fiber) and the network is quiet. */
export async function hydratedAndQuiet(page: Page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector("h1");
    return !!h1 && Object.keys(h1).some((k) => k.startsWith("__reactFiber"));
  });
  await page.waitForLoadState("networkidle");
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

/**
 * A business day a couple of weeks ahead, its own for each test (by offset: booking.spec 0–5,
 * booking-admin.spec 20–22, console-clean.spec 9) and viewport, so that their bookings never share a slot.
 */
export function futureDate(page: Page, offset: number) {
  return inDays(14 + offset + (isPhone(page) ? 40 : 0));
}

/** What the browser saved from a download, as text. */
export async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const DAYS_PER_PAGE = 14;
const daysFromToday = (date: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${inDays(0)}T00:00:00Z`)) / 86_400_000);

/**
 * The booking form's 'Preferred Date' choice for `date` (or the day chips under another legend: the
 * manage page's "New date"): pages on with "Later dates" (two weeks a page) until its window shows it.
 */
export async function dayChoice(page: Page, date: string, legend = "Preferred Date"): Promise<Locator> {
  const group = page.getByRole("group", { name: legend });
  const pages = Math.floor(daysFromToday(date) / DAYS_PER_PAGE);
  await expect(group.getByRole("radio").first()).toBeAttached();
  // A click on "Later dates" before React has hydrated the page does nothing (seen in a full run).
  if (pages > 0) await waitForHydration(page);
  const first = group.getByRole("radio").first();
  const pageStarting = (k: number) => new RegExp(`^${friendlyDate(inDays(k * DAYS_PER_PAGE))}`);
  for (let k = 1; k <= pages; k++) {
    // A click that lands while the chips re-render can be lost (seen once through two processes):
    // as a person would, click again while the strip still shows the page before, never past it.
    await expect(async () => {
      const shown = await first.getAttribute("aria-label", { timeout: 2_000 }).catch(() => null);
      if (shown && pageStarting(k - 1).test(shown)) await page.getByRole("button", { name: "Later dates →" }).click();
      await expect(first).toHaveAccessibleName(pageStarting(k), { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
  }
  return group.getByRole("radio", { name: new RegExp(`^${friendlyDate(date)}`) });
}

/** Chooses `date`, then `slot` (its arrival window as the specification names it: "09:00–11:00", "Anytime"). */
export async function chooseDayAndSlot(page: Page, date: string, slot: string) {
  await (await dayChoice(page, date)).check();
  await slotChoice(page, slot).check();
}

/**
 * A slot of the booking form by the specification's label ("09:00–11:00 (3 left)"), shown as
 * "9–11 AM (3 left)", or shortened to end by closing ("11 AM–12:30 PM" on a Sunday): found by its start.
 */
export function slotChoice(page: Page, slot: string): Locator {
  const escape = (text: string) => text.replace(/[()]/g, "\\$&");
  const [, label, rest] = slot.match(/^(\d\d:\d\d–\d\d:\d\d)?(.*)$/)!;
  const start = label ? `${arrivalWindow(label).split("–")[0]}–[0-9:]+(?: [AP]M)?` : "";
  return page
    .getByRole("group", { name: "Preferred Time Slot" })
    .getByRole("radio", { name: new RegExp(`^${start}${escape(rest!)}`) });
}

/** Counts what a customer (or staff) does: every tap, every field typed into, every choice from a list. */
export function tapCounter() {
  let count = 0;
  return {
    tap: async (action: () => Promise<unknown>) => {
      count++;
      await action();
    },
    get count() {
      return count;
    },
  };
}

/** The form's first slot with a place, on the day the form chose: what a hurried customer taps. */
export const firstFreeSlot = (page: Page) =>
  page
    .getByRole("group", { name: "Preferred Time Slot" })
    .getByRole("radio", { name: /left\)$/ })
    .first();
