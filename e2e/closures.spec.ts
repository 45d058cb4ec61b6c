import type { APIRequestContext, Page } from "@playwright/test";
import { arrivalWindow, dateWithYear, friendlyDate } from "~/features/bookings/visit-text";
import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { dayChoice, futureDate } from "./support";

/** Screenshots for a person to look at, when SCREENSHOT_DIR names where to put them: at a phone's and a laptop's width. */
async function screenshots(page: Page, name: string, fullPage = true) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage });
  }
  await page.setViewportSize(size);
}

/** A guest's request through the API, as the contact form sends it: its manage link's token. */
async function book(request: APIRequestContext, overrides: Parameters<typeof buildBookingRequest>[0]) {
  const response = await request.post("/api/bookings", {
    data: buildBookingRequest({ email: uniqueEmail("closure"), ...overrides }),
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { manageToken: string }).manageToken;
}

// Dates of their own (offsets 24 and 25), which no other test reads: closing one affects nobody else.
test("closing a date with bookings asks first; its customers choose a new time and the admin sees who has not", async ({
  page,
  admin: _,
  request,
}) => {
  const [date, newDate] = [futureDate(page, 24), futureDate(page, 25)];
  const tag = uniqueTag();
  const [first, second] = [`Robin ${tag}`, `Sasha ${tag}`];
  const firstToken = await book(request, { fullName: first, preferredDate: date, preferredTimeSlot: "09:00–11:00" });
  await book(request, { fullName: second, preferredDate: date, preferredTimeSlot: "13:00–15:00" });

  await page.goto("/dashboard/booking-settings");
  await expect(page.getByRole("button", { name: "Close date" })).toBeEnabled();
  await page.getByLabel("Date", { exact: true }).fill(date);
  const reason = `Burst pipe ${tag}`;
  await page.getByLabel("Reason (optional)").fill(reason);
  await page.getByRole("button", { name: "Close date" }).click();

  // Nothing is closed until the admin chooses what becomes of the two bookings.
  const dialog = page.getByRole("dialog", { name: `Close ${dateWithYear(date)}?` });
  await expect(dialog).toContainText("2 bookings are already made for it");
  const onDay = dialog.getByRole("list", { name: `Bookings on ${dateWithYear(date)}` });
  await expect(onDay.getByRole("listitem")).toHaveCount(2);
  await expect(onDay.getByRole("listitem").filter({ hasText: first })).toContainText(arrivalWindow("09:00–11:00"));
  await expect(dialog.getByRole("radio", { name: /^Tell them and let them choose a new time/ })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: /^Cancel them all/ })).not.toBeChecked();
  await dialog.getByLabel("Message to the customers (optional)").fill("Sorry for the trouble!");
  await screenshots(page, "closure-dialog", false);
  await dialog.getByRole("button", { name: "Close and tell them" }).click();
  await expect(page.getByRole("status").getByText("Date closed")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The closed date lists who has not moved yet, each a link to the booking.
  const notMoved = page.getByRole("list", { name: `Not moved yet from ${dateWithYear(date)}` });
  await expect(notMoved.getByRole("link")).toHaveText([first, second]);
  await screenshots(page, "closure-settings");

  // The customer's manage page asks for a new time instead of saying the slot is confirmed.
  const customer = await page.context().newPage();
  await customer.goto(`/booking/manage/${firstToken}`);
  const notice = customer.getByRole("region", { name: "Your booking needs a new time" });
  await expect(notice).toContainText(`We're closed on ${friendlyDate(date)}: ${reason}. Please choose a new time.`);
  await expect(customer.getByText("Your slot is confirmed")).toHaveCount(0);
  await screenshots(customer, "closure-manage");
  await notice.getByRole("link", { name: "Choose a new time" }).click();
  const reschedule = customer.getByRole("region", { name: "Reschedule" });
  await (await dayChoice(customer, newDate, "New date")).check();
  await reschedule
    .getByRole("group", { name: "New arrival time" })
    .getByRole("radio", { name: new RegExp(`^${arrivalWindow("11:00–13:00")}`) })
    .check();
  await reschedule.getByRole("button", { name: "Move my booking" }).click();
  await expect(customer.getByRole("status").getByText("Rescheduled")).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(customer.getByRole("region", { name: "Your visit" })).toContainText(friendlyDate(newDate));
  await customer.close();

  // Moved: only the other customer is left to move.
  await page.reload();
  await expect(notMoved.getByRole("link")).toHaveText([second]);
  await expect(notMoved.getByRole("link", { name: second })).toHaveAttribute("href", /\/dashboard\/manageBooking\?q=/);

  // The board shows the one left as needing a new time.
  await page.goto(`/dashboard/manageBooking/today?date=${date}`);
  await expect(page.getByRole("article", { name: new RegExp(`^${second},`) })).toContainText("Needs a new time");

  await page.goto("/dashboard/booking-settings");
  await expect(page.getByRole("button", { name: "Close date" })).toBeEnabled();
  await page
    .getByRole("listitem")
    .filter({ hasText: reason })
    .getByRole("button", { name: /Reopen/ })
    .click();
  await page.getByRole("dialog", { name: "Reopen this date?" }).getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByRole("status").getByText("Reopened")).toBeVisible();
});
