import { mkdirSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { buildBookingRequest, inDays, type BookingRequestBody } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { waitForReact } from "./support";

/**
 * Manage Bookings as a week's work, on a laptop: a date range soonest first, Confirm on the row,
 * several requests confirmed together (or none when one changed meanwhile), and a move to another
 * date from the details, through the move dialog, with its refusal shown inside it. On a tablet and a
 * phone, what their width changes: the list without sideways scroll, the row's and the page's
 * confirmations, and the move dialog's refusal in view. Each works on days and customers of its own
 * (@desk: it sets its own viewports).
 */
const SCREENS = "test-results/screens";

async function visitorBooks(request: APIRequestContext, booking: Partial<BookingRequestBody>) {
  const body = buildBookingRequest({ email: uniqueEmail("week"), ...booking });
  const response = await request.post("/api/bookings", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/**
 * From a row's details to the move dialog: on `full`, the 11 AM–1 PM slot (filled before) is shown
 * full; 1–3 PM, filled meanwhile by `fill` (three bookings), is refused with the reason inside the
 * dialog and in view ("Update failed"); 3–5 PM is taken ("Updated").
 */
async function moveIntoAFilledSlot(
  page: Page,
  row: Locator,
  customer: string,
  full: string,
  fill: (n: number) => Promise<unknown>,
) {
  await row.getByRole("button", { name: /^Details/ }).click();
  const details = page.getByRole("dialog", { name: `Booking of ${customer}` });
  // The list the confirmation refreshed can render again as the click lands (in the cluster the
  // refresh comes from another process, later): click until the move dialog replaces them.
  await expect(async () => {
    if (await details.isVisible())
      await details.getByRole("button", { name: "Move to another date or time…" }).click({ timeout: 2_000 });
    await expect(details).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  const dialog = page.getByRole("dialog", { name: `Move ${customer}'s booking` });
  await dialog.getByLabel("New date").fill(full);
  await expect(dialog.getByRole("radio", { name: "11 AM–1 PM" })).toBeDisabled();
  await dialog.getByRole("radio", { name: "1–3 PM" }).check();
  for (const n of [4, 5, 6]) await fill(n);
  await dialog.getByRole("button", { name: "Move booking" }).click();
  const refusal = dialog.getByRole("alert");
  await expect(refusal).toContainText("Update failed");
  await expect(refusal).toContainText("That time slot is full. Please choose another.");
  await expect(refusal).toBeInViewport();
  // The 3–5 PM window, named by when the car must arrive: "3–4:30 PM" on a Sunday, which closes at 5.
  await dialog.getByRole("radio", { name: /^3–(5|4:30) PM / }).check();
  await dialog.getByRole("button", { name: "Move booking" }).click();
  await expect(page.getByRole("status").getByText("Updated", { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

// The run through two processes takes the laptop's (@cluster: desktop width only).
for (const device of [
  { name: "laptop", viewport: { width: 1366, height: 900 }, hasTouch: false, day: 120, tags: "@desk @cluster" },
]) {
  test.describe(`Manage Bookings for a week on a ${device.name} ${device.tags}`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch });

    test("soonest first; confirm on the row, several together, and a move to another date from the details", async ({
      page,
      admin: _,
      request,
      baseURL,
    }) => {
      const tag = uniqueTag();
      const [first, second, full] = [inDays(device.day), inDays(device.day + 1), inDays(device.day + 2)];
      const name = (who: string) => `${who} ${tag}`;
      const book = (who: string, date: string, slot: string) =>
        visitorBooks(request, { fullName: name(who), preferredDate: date, preferredTimeSlot: slot });
      // Asked for in an order unlike the visits'.
      await book("Dana", second, "09:00–11:00");
      await book("Ezra", first, "15:00–17:00");
      const anytime = await book("Fern", first, "Anytime");
      await book("Gale", first, "09:00–11:00");
      for (const n of [1, 2, 3]) await book(`Full ${n}`, full, "11:00–13:00");

      // Not live here (the board's change stream refused): the cancellation below must not reach
      // the screen, so the manager acts on a stale row, as with a stream that has not caught up.
      await page.route("**/api/board/events", (route) => route.abort());
      await page.goto(`/dashboard/manageBooking?q=${tag}&from=${first}&to=${second}`);
      await expect(page.getByText("4 bookings, upcoming visits first, soonest first, then past ones")).toBeVisible();
      const rows = page.getByRole("row").filter({ hasText: tag });
      await expect(rows).toHaveCount(4);
      const order = await rows.getByRole("rowheader").evaluateAll((all) => all.map((th) => th.firstChild?.textContent));
      expect(order).toEqual(["Gale", "Ezra", "Fern", "Dana"].map(name));
      // The status, vehicle and the job (its length, when it is done) are on every row; no sideways scroll.
      await expect(rows.first()).toContainText("Pending");
      await expect(rows.first()).toContainText("Car 2019");
      await expect(rows.first()).toContainText("Hand Wash");
      await expect(rows.first()).toContainText("30 min · ready between 9:30 and 11:30 AM");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: `${SCREENS}/manage-bookings-${device.name}.png`, fullPage: true });

      // Confirm on the row, one tap.
      const gale = rows.filter({ hasText: name("Gale") });
      await waitForReact(gale.getByRole("button", { name: `Confirm ${name("Gale")}` }));
      await gale.getByRole("button", { name: `Confirm ${name("Gale")}` }).click();
      await expect(gale.getByText("Confirmed")).toBeVisible();
      await expect(gale.getByRole("checkbox")).toHaveCount(0);

      // Two chosen, one of them cancelled meanwhile (by its customer, say): nothing is confirmed.
      await page.getByRole("checkbox", { name: `Choose ${name("Ezra")}'s request` }).check();
      await page.getByRole("checkbox", { name: `Choose ${name("Fern")}'s request` }).check();
      const cancelled = await page.request.patch(`/api/bookings/${anytime}`, {
        headers: { Origin: baseURL! },
        data: { status: "cancelled" },
      });
      expect(cancelled.status()).toBe(200);
      await page.getByRole("button", { name: "Confirm chosen (2)" }).click();
      await expect(page.getByRole("status").getByText(/^Nothing was confirmed: Fern/)).toBeVisible();
      await expect(rows.filter({ hasText: name("Ezra") }).getByText("Pending")).toBeVisible();

      // After a reload: every pending request on the page, chosen at once and confirmed together.
      await page.reload();
      await waitForReact(page.getByRole("checkbox", { name: "Choose every pending request on this page" }));
      await page.getByRole("checkbox", { name: "Choose every pending request on this page" }).check();
      await page.getByRole("button", { name: "Confirm chosen (2)" }).click();
      await expect(page.getByRole("status").getByText("2 bookings confirmed", { exact: false })).toBeVisible();
      for (const who of ["Ezra", "Dana"]) await expect(rows.filter({ hasText: name(who) })).toContainText("Confirmed");

      await moveIntoAFilledSlot(page, rows.filter({ hasText: name("Dana") }), name("Dana"), full, (n) =>
        book(`Full ${n}`, full, "13:00–15:00"),
      );

      await page.goto(`/dashboard/manageBooking?q=${tag}&from=${full}&to=${full}`);
      // The window it must arrive in, as the move offered it (3–4:30 PM on a Sunday, which closes at 5).
      await expect(page.getByRole("row").filter({ hasText: name("Dana") })).toContainText(/3–(5|4:30) PM/);
    });
  });
}

const TABLET = { width: 820, height: 1180 };
const PHONE = { width: 390, height: 844 };

test.describe("Manage Bookings for a week on a tablet and a phone @desk", () => {
  test.use({ viewport: TABLET, hasTouch: true });

  test("the list fits a tablet and a phone; on the phone, confirm on the row and for the page, and a refused move shown in the dialog", async ({
    page,
    admin: _,
    request,
  }) => {
    const tag = uniqueTag();
    const [first, second, full] = [inDays(140), inDays(141), inDays(142)];
    const name = (who: string) => `${who} ${tag}`;
    const book = (who: string, date: string, slot: string) =>
      visitorBooks(request, { fullName: name(who), preferredDate: date, preferredTimeSlot: slot });
    await book("Dana", second, "09:00–11:00");
    await book("Ezra", first, "15:00–17:00");
    await book("Fern", first, "Anytime");
    await book("Gale", first, "09:00–11:00");
    for (const n of [1, 2, 3]) await book(`Full ${n}`, full, "11:00–13:00");

    await page.goto(`/dashboard/manageBooking?q=${tag}&from=${first}&to=${second}`);
    await expect(page.getByText("4 bookings, upcoming visits first, soonest first, then past ones")).toBeVisible();
    const rows = page.getByRole("row").filter({ hasText: tag });
    await expect(rows).toHaveCount(4);
    mkdirSync(SCREENS, { recursive: true });
    // The status, vehicle and the job on every row, and no sideways scroll, at each width.
    for (const [device, viewport] of [
      ["tablet", TABLET],
      ["phone", PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await expect(rows.first()).toContainText("Pending");
      await expect(rows.first()).toContainText("Car 2019");
      await expect(rows.first()).toContainText("30 min · ready between 9:30 and 11:30 AM");
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: `${SCREENS}/manage-bookings-${device}.png`, fullPage: true });
    }

    // On the phone: Confirm on the row, then every pending request on the page, chosen at once.
    const gale = rows.filter({ hasText: name("Gale") });
    await waitForReact(gale.getByRole("button", { name: `Confirm ${name("Gale")}` }));
    await gale.getByRole("button", { name: `Confirm ${name("Gale")}` }).click();
    await expect(gale.getByText("Confirmed")).toBeVisible();
    await page.getByRole("checkbox", { name: "Choose every pending request on this page" }).check();
    await page.getByRole("button", { name: "Confirm chosen (3)" }).click();
    await expect(page.getByRole("status").getByText("3 bookings confirmed", { exact: false })).toBeVisible();

    // The move dialog, from the details: a slot filled meanwhile is refused, the reason in view.
    await moveIntoAFilledSlot(page, rows.filter({ hasText: name("Dana") }), name("Dana"), full, (n) =>
      book(`Full ${n}`, full, "13:00–15:00"),
    );
  });
});
