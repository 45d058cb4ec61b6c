import type { Page } from "@playwright/test";
import { arrivalWindow, friendlyDate } from "~/features/bookings/visit-text";
import { expect, test, uniqueEmail } from "./fixtures";
import { chooseDayAndSlot, dayChoice, futureDate, readDownload } from "./support";

/** Screenshots for a person to look at, when SCREENSHOT_DIR names where to put them. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

/** The contact form as it is filled in today, field by field. */
async function requestThroughContactForm(page: Page, { email, date }: { email: string; date: string }) {
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Booking enquiry" });
  await expect(form.getByRole("button", { name: "Send booking request" })).toBeEnabled();
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Jamie Rivera");
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 201-3344");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("SUV");
  await page.getByRole("textbox", { name: "Vehicle Year", exact: true }).fill("2019");
  await page
    .getByRole("group", { name: "Service Type" })
    .getByRole("radio", { name: /^Hand Wash/ })
    .check();
  await chooseDayAndSlot(page, date, "09:00–11:00");
  await form.getByRole("button", { name: "Send booking request" }).click();
  await expect(page.getByRole("status").getByText("Booking Request Sent!")).toBeVisible();
}

test("a guest opens the manage link from the e-mail, reschedules, and saves the calendar file @layout @cluster", async ({
  page,
  adminPage,
}) => {
  // A whole journey through three pages and two browsers: on this shared machine it takes its time.
  test.slow();
  const email = uniqueEmail("manage");
  const [first, second] = [futureDate(page, 30), futureDate(page, 31)];
  await requestThroughContactForm(page, { email, date: first });

  // The link is in the customer's e-mail, as the outbox shows it to an admin.
  await adminPage.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
  const received = adminPage.getByRole("article", { name: /^We received your booking request – / });
  await received.getByText("Plain text", { exact: true }).click();
  const link = received.getByRole("link", { name: /\/booking\/manage\// }).first();
  const manageUrl = await link.getAttribute("href");
  expect(manageUrl).toMatch(/\/booking\/manage\/[0-9a-f]{24}\.[\w-]{32}$/);
  await expect(received).toContainText(`Manage your booking: ${manageUrl}`);

  // The confirmation page: its heading has the focus.
  await page.goto(`${manageUrl}?new=1`);
  const heading = page.getByRole("heading", { level: 1, name: "Your booking" });
  await expect(heading).toBeFocused();
  await expect(page.getByRole("heading", { name: `We e-mailed you at ${email}` })).toBeVisible();
  // The manage link as a link, copied in one tap: its forty-character address is not printed.
  const path = new URL(manageUrl!).pathname;
  const manage = page.getByRole("link", { name: "Manage your booking", exact: true });
  expect(new URL((await manage.getAttribute("href"))!).pathname).toBe(path);
  await expect(page.getByText(path)).toHaveCount(0);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
  expect(new URL(await page.evaluate(() => navigator.clipboard.readText())).pathname).toBe(path);
  // "Within the hour" only while the shop is open; otherwise when it opens (the run may be at night).
  await expect(
    page.getByText(
      /^We have your request and will confirm your slot (shortly, usually within the hour|when we open, (today|tomorrow|\w+day) at \d+ [AP]M)\.$/,
    ),
  ).toBeVisible();
  await screenshot(page, "confirmation");

  // The manage page, from the e-mail.
  await page.goto(manageUrl!);
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  const visit = page.getByRole("region", { name: "Your visit" });
  await expect(visit).toContainText(friendlyDate(first));
  await expect(visit).toContainText("Arrive between 9–11 AM");
  await expect(visit.getByRole("link", { name: "Get directions" })).toHaveAttribute("href", /google\.com\/maps/);
  await screenshot(page, "manage");

  const reschedule = page.getByRole("region", { name: "Reschedule" });
  await (await dayChoice(page, second, "New date")).check();
  await reschedule
    .getByRole("group", { name: "New arrival time" })
    .getByRole("radio", { name: new RegExp(`^${arrivalWindow("13:00–15:00")}`) })
    .check();
  await reschedule.getByRole("button", { name: "Move my booking" }).click();
  await expect(page.getByRole("status").getByText("Rescheduled")).toBeVisible();
  await expect(visit).toContainText(friendlyDate(second));
  await expect(visit).toContainText(`Arrive between ${arrivalWindow("13:00–15:00")}`);
  await screenshot(page, "manage-rescheduled");

  const download = page.waitForEvent("download");
  await visit.getByRole("link", { name: "Add to calendar" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`sparkle-auto-spa-booking-${second}.ics`);
  const ics = await readDownload(file);
  const id = /\/booking\/manage\/([0-9a-f]{24})\./.exec(manageUrl!)![1];
  expect(ics).toContain(`UID:booking-${id}@`);
  expect(ics).toMatch(new RegExp(`DTSTART:${second.replace(/-/g, "")}T1[78]0000Z`));
  expect(ics).toContain("STATUS:TENTATIVE");

  // The manage page cancels too, after asking.
  await page.getByRole("button", { name: "Cancel booking" }).click();
  const confirmCancel = page.getByRole("dialog", { name: "Cancel this booking?" });
  // Each button says what it does to the booking.
  await expect(confirmCancel.getByRole("button", { name: "Keep booking" })).toBeVisible();
  await confirmCancel.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("status").getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("This booking is cancelled.").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);
});

test("a manage link with one character changed is the not-found page", async ({ page, request }) => {
  const response = await request.get("/booking/manage/0123456789abcdef01234567.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response.status()).toBe(404);
  await page.goto("/booking/manage/not-a-token");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found|404/i);
});
