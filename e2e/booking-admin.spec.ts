import type { APIRequestContext } from "@playwright/test";
import { buildBookingRequest, inDays, type BookingRequestBody } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { dayChoice, futureDate, readDownload, slotChoice, waitForReact } from "./support";
import { bookingReference } from "~/features/bookings/visit-text";

/** A visitor's request from the contact form (`request` carries no session), for any time that day. */
async function bookAnytime(request: APIRequestContext, booking: Partial<BookingRequestBody>) {
  // Each its own customer by default: one may hold only two bookings a day.
  const body = buildBookingRequest({ preferredTimeSlot: "Anytime", email: uniqueEmail("customer"), ...booking });
  const response = await request.post("/api/bookings", { data: body });
  expect(response.status()).toBe(201);
  const { insertedId } = (await response.json()) as { insertedId: string };
  return { ...body, insertedId };
}

// The bay count is read by every booking form and day view: this test runs before all others
// (playwright.config.ts), and leaves the count as it found it.
test("an admin sets the bays per slot, and the booking form counts with them @shared-state @cluster", async ({
  page,
  admin: _,
}) => {
  const before = (await (await page.request.get("/api/booking-settings")).json()) as { bays: number };
  await page.goto("/dashboard/booking-settings");
  await expect(page.getByRole("heading", { level: 1, name: "Booking Settings" })).toBeVisible();
  const bays = page.getByLabel("Bays per time slot");
  await waitForReact(bays);
  try {
    await bays.fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("At least 1 bay")).toBeVisible();
    await bays.fill("4");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").getByText("4 bays per time slot.")).toBeVisible();

    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "Send booking request" })).toBeEnabled();
    await (await dayChoice(page, futureDate(page, 20))).check();
    // 13:00–15:00: a window no service of two hours or less has to arrive early in, whatever the weekday.
    await expect(slotChoice(page, "13:00–15:00 (4 left)")).toBeEnabled();
  } finally {
    // The page's request context shares its cookies but sends no Origin: say it, as the page's own fetch would.
    const restore = { data: { bays: before.bays }, headers: { Origin: new URL(page.url()).origin } };
    expect((await page.request.patch("/api/booking-settings", restore)).status()).toBe(200);
  }
});

// A date of its own, which no other test reads: closing it affects nobody else.
test("an admin closes a date, customers cannot book it, and the admin reopens it @cluster", async ({
  page,
  admin: _,
}) => {
  const date = futureDate(page, 21);
  await page.goto("/dashboard/booking-settings");
  await expect(page.getByRole("button", { name: "Close date" })).toBeEnabled();
  await page.getByLabel("Date", { exact: true }).fill(date);
  const reason = `Staff training ${Date.now()}`;
  await page.getByLabel("Reason (optional)").fill(reason);
  await page.getByRole("button", { name: "Close date" }).click();
  await expect(page.getByRole("status").getByText("Date closed")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: reason });
  await expect(row).toBeVisible();

  await page.goto("/contact");
  await expect(page.getByRole("button", { name: "Send booking request" })).toBeEnabled();
  // The closed date is there, said closed: chosen, it has no time to book, only its waitlist.
  const closed = await dayChoice(page, date);
  await expect(closed).toHaveAccessibleName(/, closed$/);
  await closed.click();
  await expect(page.getByText("We're closed that day.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Tell me if a place frees up" })).toBeVisible();
  await expect(slotChoice(page, "13:00–15:00")).toBeDisabled();

  await page.goto("/dashboard/booking-settings");
  // Buttons act once React runs the page; the form's submit button says when.
  await expect(page.getByRole("button", { name: "Close date" })).toBeEnabled();
  await row.getByRole("button", { name: /Reopen/ }).click();
  await page.getByRole("dialog", { name: "Reopen this date?" }).getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByRole("status").getByText("Reopened")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("the Today view shows the day's board, and other days are a click away", async ({ page, admin: _, request }) => {
  const customer = `Dana ${uniqueTag()}`;
  await bookAnytime(request, { fullName: customer, preferredDate: inDays(0) });
  await page.goto("/dashboard/manageBooking");
  await page.getByRole("link", { name: "Today's bookings", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's Bookings" })).toBeVisible();
  const anytime = page.getByRole("region", { name: "Anytime: to place" });
  await expect(anytime.getByRole("article", { name: new RegExp(`^${customer},`) })).toHaveCount(1);
  await expect(page.getByRole("list", { name: "The day's bookings in time order" })).toBeVisible();
  await anytime.getByRole("button", { name: `Details of ${customer}'s booking` }).click();
  await expect(page.getByRole("dialog", { name: `Booking of ${customer}` })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Next day →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings by Day" })).toBeVisible();
  await expect(page.getByRole("article", { name: new RegExp(`^${customer},`) })).toHaveCount(0);
});

test("Manage Bookings exports the filtered list as CSV", async ({ page, admin: _, request }) => {
  const date = futureDate(page, 22);
  const booking = await bookAnytime(request, {
    fullName: "Casey Export",
    email: uniqueEmail("csv"),
    preferredDate: date,
  });
  await page.goto("/dashboard/manageBooking");
  await waitForReact(page.getByLabel("Name, phone or e-mail"));
  await page.getByLabel("Name, phone or e-mail").fill(booking.email!);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row", { name: /Casey Export/ })).toHaveCount(1);
  // The link carries the filters once the filtered page has loaded.
  await expect(page.getByRole("link", { name: /Export CSV/ })).toHaveAttribute("href", /[?&]q=csv-/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readDownload(saved);
  // UTF-8's byte-order mark, so a spreadsheet reads "09:00–11:00" as written.
  expect(csv.startsWith("\uFEFF")).toBe(true);
  const lines = csv.slice(1).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Reference,Requested at \(UTC\),Status,Date,Time slot,Full name,Phone,Email,/);
  expect(lines).toHaveLength(2);
  // Each row starts with the reference the customer's confirmation shows.
  expect(lines[1]).toMatch(new RegExp(`^${bookingReference(booking.insertedId)},`));
  expect(lines[1]).toContain(
    `,pending,${date},Anytime,Casey Export,${booking.phone},${booking.email},${booking.vehicleType},`,
  );
});
