import { expect, test, type APIRequestContext } from "@playwright/test";
import { DEMO_ADMIN, logIn } from "./fixtures";
import { futureDate, readDownload } from "./support";

/** The business day in the site's time zone (America/New_York by default). */
const businessToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

const bookAnytime = (request: APIRequestContext, fullName: string, email: string, preferredDate: string) =>
  request.post("/api/bookings", {
    data: {
      fullName,
      phone: "(555) 303-4400",
      email,
      vehicleType: "Minivan",
      serviceType: "Interior Clean",
      preferredDate,
      preferredTimeSlot: "Anytime",
    },
  });

test("an admin sets the bays per slot, and the booking form counts with them", async ({ page }, testInfo) => {
  await page.goto(`/login?redirectTo=${encodeURIComponent("/dashboard/booking-settings")}`);
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole("heading", { level: 1, name: "Booking Settings" })).toBeVisible();
  const bays = page.getByLabel("Bays per time slot");
  try {
    await bays.fill("0");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("At least 1 bay")).toBeVisible();
    await bays.fill("4");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").getByText("4 bays per time slot.")).toBeVisible();

    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "Send booking request" })).toBeEnabled();
    await page
      .getByRole("textbox", { name: "Preferred Date", exact: true })
      .fill(futureDate(20, testInfo.project.name));
    await expect(page.getByRole("option", { name: "15:00–17:00 (4 left)" })).toBeAttached();
  } finally {
    // Other tests count on 3 bays.
    expect((await page.request.patch("/api/booking-settings", { data: { bays: 3 } })).status()).toBe(200);
  }
});

test("an admin closes a date, customers cannot book it, and the admin reopens it", async ({ page }, testInfo) => {
  const date = futureDate(21, testInfo.project.name);
  await page.goto(`/login?redirectTo=${encodeURIComponent("/dashboard/booking-settings")}`);
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.getByLabel("Date", { exact: true }).fill(date);
  const reason = `Staff training ${Date.now()}`;
  await page.getByLabel("Reason (optional)").fill(reason);
  await page.getByRole("button", { name: "Close date" }).click();
  await expect(page.getByRole("status").getByText("Date closed")).toBeVisible();
  const row = page.getByRole("listitem").filter({ hasText: reason });
  await expect(row).toBeVisible();

  await page.goto("/contact");
  await expect(page.getByRole("button", { name: "Send booking request" })).toBeEnabled();
  await page.getByRole("textbox", { name: "Preferred Date", exact: true }).fill(date);
  await expect(page.getByText("We're closed on that date. Please choose another.")).toBeVisible();

  await page.goto("/dashboard/booking-settings");
  // Buttons act once React runs the page; the form's submit button says when.
  await expect(page.getByRole("button", { name: "Close date" })).toBeEnabled();
  await row.getByRole("button", { name: /Reopen/ }).click();
  await page.getByRole("dialog", { name: "Reopen this date?" }).getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByRole("status").getByText("Reopened")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("the Today view lists the day's bookings by slot, and other days are a click away", async ({ page }, testInfo) => {
  const customer = `Dana ${testInfo.project.name} ${Date.now()}`;
  expect(
    (await bookAnytime(page.request, customer, `dana-${testInfo.project.name}@example.com`, businessToday())).status(),
  ).toBe(201);
  await page.goto(`/login?redirectTo=${encodeURIComponent("/dashboard/manageBooking")}`);
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.getByRole("link", { name: "Today's bookings", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's Bookings" })).toBeVisible();
  const anytime = page.getByRole("region", { name: "Anytime (no slot yet)" });
  await expect(anytime.getByRole("listitem").filter({ hasText: customer })).toHaveCount(1);
  await expect(page.getByRole("region", { name: "09:00–11:00" }).getByText(/of 3 bays booked/)).toBeVisible();
  await anytime.getByRole("button", { name: `Details of ${customer}'s booking` }).click();
  await expect(page.getByRole("dialog", { name: `Booking of ${customer}` })).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("link", { name: "Next day →" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Bookings by Day" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: customer })).toHaveCount(0);
});

test("Manage Bookings exports the filtered list as CSV", async ({ page }, testInfo) => {
  const date = futureDate(22, testInfo.project.name);
  const email = `csv-${testInfo.project.name}-${Date.now()}@example.com`;
  expect((await bookAnytime(page.request, "Casey Export", email, date)).status()).toBe(201);
  await page.goto(`/login?redirectTo=${encodeURIComponent("/dashboard/manageBooking")}`);
  await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.getByLabel("Name, phone or e-mail").fill(email);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row", { name: /Casey Export/ })).toHaveCount(1);
  // The link carries the filters once the filtered page has loaded.
  await expect(page.getByRole("link", { name: /Export CSV/ })).toHaveAttribute("href", /[?&]q=csv-/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Export CSV/ }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readDownload(saved)).trimEnd().split("\r\n");
  expect(lines[0]).toMatch(/^Booking id,Requested at \(UTC\),Status,Date,Time slot,Full name,Phone,Email,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,pending,${date},Anytime,Casey Export,(555) 303-4400,${email},Minivan,`);
});
