import type { Page } from "@playwright/test";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { futureDate, waitForReact } from "./support";

/**
 * The live board (issue 29): what another admin, a customer or another server process changes shows
 * on a board already open, within seconds, without a reload, and without closing what the admin has
 * open. Through nginx and two processes in the @cluster run: the board's stream is on one process, the
 * changes are made through either.
 */

/** `date`, or the day after when it is a Sunday (its last slot closes early). */
function notSunday(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Marks the document: a reload or a navigation would lose the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { liveBoardMark: string }).liveBoardMark = "same document"));
}
const documentMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveBoardMark?: string }).liveBoardMark);

/** A card on the board, by its customer (found by text: an open modal dialog makes the rest of the page inert). */
const card = (page: Page, name: string) => page.locator("article", { hasText: name });

test("a change made in one browser shows on the board and list open in another, without a reload @cluster", async ({
  page,
  admin: _,
  adminPage,
  request,
  baseURL,
}) => {
  const day = notSunday(futureDate(page, 75));
  const tag = uniqueTag();
  const [kept, arriving] = [`Kim ${tag}`, `Lee ${tag}`];
  const book = async (fullName: string, preferredTimeSlot: string) => {
    const data = buildBookingRequest({ fullName, email: uniqueEmail("live"), preferredDate: day, preferredTimeSlot });
    const response = await request.post("/api/bookings", { data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as { insertedId: string }).insertedId;
  };
  const keptId = await book(kept, "09:00–11:00");

  // Browser B: the day's board, with a booking's details open.
  await page.goto(`/dashboard/manageBooking/today?date=${day}`);
  await waitForReact(card(page, kept).getByRole("button", { name: `Move ${kept}` }));
  await markDocument(page);
  await expect(card(page, arriving)).toHaveCount(0);
  await card(page, kept)
    .getByRole("button", { name: `Details of ${kept}'s booking` })
    .click();
  const details = page.getByRole("dialog", { name: `Booking of ${kept}` });
  await expect(details).toBeVisible();

  // A customer books the same day: B's board shows it, the dialog still open.
  await book(arriving, "11:00–13:00");
  await expect(card(page, arriving)).toHaveCount(1, { timeout: 5_000 });
  await expect(details).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live updates paused" })).toHaveCount(0);

  // B lists the day's bookings of this test, filtered, with the details open.
  await page.keyboard.press("Escape");
  await page.goto(`/dashboard/manageBooking?q=${encodeURIComponent(tag)}`);
  const row = page.getByRole("row", { name: new RegExp(kept) });
  await waitForReact(row.getByRole("button", { name: /Details/ }));
  await markDocument(page);
  await expect(row).toContainText("9–11 AM");
  await row.getByRole("button", { name: /Details/ }).click();
  await expect(details).toBeVisible();

  // Browser A: another admin moves the booking to the afternoon and confirms it.
  const moved = await adminPage.request.patch(`/api/bookings/${keptId}`, {
    headers: { Origin: baseURL! },
    data: { preferredTimeSlot: "13:00–15:00", status: "confirmed" },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  // B's list shows it, its filter and dialog kept, in the same document.
  await expect(page.locator("tr", { hasText: kept })).toContainText("1–3 PM", { timeout: 5_000 });
  await expect(page.locator("tr", { hasText: kept })).toContainText("Confirmed");
  await expect(details).toBeVisible();
  await expect(page.getByRole("searchbox", { name: /Reference, name, phone or e-mail/ })).toHaveValue(tag);
  expect(await documentMark(page)).toBe("same document");
});

test("the dashboard's home shows a request made today on its bay board, without a reload @cluster", async ({
  page,
  admin: _,
  request,
}) => {
  const name = `Ode ${uniqueTag()}`;
  await page.goto("/dashboard");
  await waitForReact(page.getByRole("link", { name: "New booking" }));
  await markDocument(page);
  await expect(card(page, name)).toHaveCount(0);
  const data = buildBookingRequest({
    fullName: name,
    email: uniqueEmail("home"),
    preferredDate: inDays(0),
    preferredTimeSlot: "Anytime",
  });
  expect((await request.post("/api/bookings", { data })).status()).toBe(201);
  await expect(card(page, name)).toHaveCount(1, { timeout: 5_000 });
  expect(await documentMark(page)).toBe("same document");
});

test("the board says when its live updates are paused, and catches up when they are back", async ({
  page,
  admin: _,
  request,
}) => {
  const day = notSunday(futureDate(page, 76));
  const tag = uniqueTag();
  const [first, second] = [`Max ${tag}`, `Noa ${tag}`];
  const book = async (fullName: string) => {
    const data = buildBookingRequest({
      fullName,
      email: uniqueEmail("paused"),
      preferredDate: day,
      preferredTimeSlot: "Anytime",
    });
    expect((await request.post("/api/bookings", { data })).status()).toBe(201);
  };
  await book(first);

  // The feed cannot be reached (as when the network or the balancer is down).
  await page.route("**/api/board/events", (route) => route.abort("connectionfailed"));
  await page.goto(`/dashboard/manageBooking/today?date=${day}`);
  await waitForReact(card(page, first).getByRole("button", { name: `Details of ${first}'s booking` }));
  await markDocument(page);
  const paused = page.getByRole("status").filter({ hasText: "Live updates paused — reconnecting…" });
  await expect(paused).toBeVisible();

  // A booking made meanwhile is not heard of; once the feed is back, the board catches up.
  await book(second);
  await page.unroute("**/api/board/events");
  await expect(paused).toHaveCount(0, { timeout: 15_000 });
  await expect(card(page, second)).toHaveCount(1, { timeout: 5_000 });
  expect(await documentMark(page)).toBe("same document");
});
