import { mkdirSync } from "node:fs";
import { arrivalWindow } from "~/features/bookings/visit-text";
import { buildBookingRequest, inDays } from "../tests/factories";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, logIn, test, uniqueEmail, uniqueTag, type Account } from "./fixtures";
import { dayChoice, tapCounter, waitForReact } from "./support";

/**
 * A booking made at the counter (issue 26, decision 026): staff book a caller who has booked
 * before from the desk, found by name, their details and last vehicle filled in, in at most 8
 * taps, on a phone and a laptop (@desk: each width is set here); on the laptop, a walk-in booked
 * over capacity too. (The counter's tablet: manager-day.spec.ts, whose board it lays out.)
 */
const SCREENS = "test-results/screens";

/** A width's name (for its screenshots) and its own days and phone number. */
type Device = { name: string; offset: number };

/** Signs a fresh admin in through the form: they land on today's board. */
async function adminOnToday(page: Page, newAccount: (options: { admin: boolean }) => Promise<Account>) {
  const admin = await newAccount({ admin: true });
  await page.goto("/login");
  await logIn(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
}

/** From today's board, staff book a caller who has booked before, in at most 8 taps. */
async function bookReturningCaller(page: Page, request: APIRequestContext, device: Device) {
  const tag = uniqueTag();
  const name = `Casey ${tag}`;
  const email = uniqueEmail("caller");
  // A phone of this device's own: the history finds a customer by phone too.
  const phone = `(646) 555-01${device.offset}`;
  // The caller's earlier visit, made on the public form: what the counter finds them by.
  const earlier = buildBookingRequest({
    fullName: name,
    email,
    phone,
    vehicleType: "Minivan",
    vehicleYear: 2018,
    preferredDate: inDays(device.offset),
  });
  expect((await request.post("/api/bookings", { data: earlier })).status()).toBe(201);
  await waitForReact(page.getByRole("link", { name: "New booking" }));

  const taps = tapCounter();
  await taps.tap(() => page.getByRole("link", { name: "New booking" }).click());
  await expect(page.getByRole("heading", { level: 1, name: "New booking" })).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Find a customer" });
  await waitForReact(search);
  await taps.tap(() => search.fill(tag));
  const found = page.getByRole("list", { name: "Customers found" }).getByRole("button", { name: new RegExp(name) });
  await expect(found).toContainText("Minivan 2018");
  await taps.tap(() => found.click());

  // Their details and last vehicle are filled in, and their history is one tap away.
  await expect(page.getByRole("textbox", { name: "Full Name" })).toHaveValue(name);
  await expect(page.getByRole("textbox", { name: "Phone Number" })).toHaveValue(phone);
  await expect(page.getByRole("textbox", { name: "Email (optional)" })).toHaveValue(email);
  await expect(page.getByRole("combobox", { name: "Vehicle Type" })).toHaveValue("Minivan");
  await expect(page.getByText("Returning customer: 1 booking found")).toBeVisible();
  // Their history, when staff want it (not one of the taps a booking needs).
  await page.getByRole("button", { name: "Show history" }).click();
  const history = page.getByRole("region", { name: "Customer history" });
  await expect(history.getByRole("listitem").filter({ hasText: "Minivan" })).toHaveCount(1);
  await expect(history.getByText("(this booking)")).toHaveCount(0);

  await taps.tap(() => page.getByRole("radio", { name: /^Hand Wash/ }).check());
  // The form suggests the first day with a place, as the public form does.
  await expect(page.getByRole("group", { name: "Preferred Date" }).getByRole("radio", { checked: true })).toHaveCount(
    1,
  );
  // A day of this device's own (4–6 days ahead): the suggested day is every test's, and another
  // test taking its last place between the page's figures and the tap once refused this one.
  await taps.tap(async () => (await dayChoice(page, inDays(device.offset - 26))).check());
  const slot = page
    .getByRole("group", { name: "Preferred Time Slot" })
    .getByRole("radio", { name: /left\)$/ })
    .first();
  await taps.tap(() => slot.check());
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/counter-booking-${device.name}.png`, fullPage: true });
  await taps.tap(() => page.getByRole("button", { name: "Book and confirm" }).click());

  await expect(page.getByRole("status").getByText("Booked and confirmed")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageBooking\/today\?date=/);
  const booked = page.getByRole("article", { name: new RegExp(`^${name},`) });
  await expect(booked).toBeVisible();
  await expect(booked.getByText("Confirmed")).toBeVisible();
  expect(taps.count).toBeLessThanOrEqual(8);
  await page.screenshot({ path: `${SCREENS}/counter-booked-${device.name}.png`, fullPage: true });
}

/** A walk-in takes a full slot only after "Over capacity" is ticked, and the card says so. */
async function bookWalkInOverCapacity(page: Page) {
  // The day's first slot filled by other customers (staff's session: no limits).
  const date = inDays(13);
  const slot = "09:00–11:00";
  const places = await page.request.get(`/api/availability?date=${date}&serviceType=Hand%20Wash`);
  const { slots } = (await places.json()) as { slots: { slot: string; remaining: number }[] };
  for (let i = 0; i < slots.find((s) => s.slot === slot)!.remaining; i++) {
    const body = buildBookingRequest({ email: uniqueEmail("filler"), preferredDate: date, preferredTimeSlot: slot });
    // The page's request context shares its cookies but sends no Origin: say it, as the page's own fetch would.
    const made = await page.request.post("/api/bookings", {
      data: body,
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  const name = `Walk-in ${uniqueTag()}`;
  await page.goto(`/dashboard/manageBooking/today?date=${date}`);
  await page.getByRole("link", { name: "New booking" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New booking" })).toBeVisible();
  await waitForReact(page.getByRole("button", { name: "Book and confirm" }));
  await page.getByRole("textbox", { name: "Full Name" }).fill(name);
  await page.getByRole("textbox", { name: "Phone Number" }).fill("(646) 555-0199");
  await page.getByRole("combobox", { name: "Vehicle Type" }).selectOption("Car");
  await page.getByRole("radio", { name: /^Hand Wash/ }).check();
  const dateGroup = page.getByRole("group", { name: "Preferred Date" });
  await expect(dateGroup.getByRole("radio", { checked: true })).toHaveCount(1);

  const slotGroup = page.getByRole("group", { name: "Preferred Time Slot" });
  await expect(slotGroup.getByRole("radio", { name: `${arrivalWindow(slot)} (full)` })).toBeDisabled();
  await page.getByRole("checkbox", { name: /Over capacity/ }).check();
  await slotGroup.getByRole("radio", { name: `${arrivalWindow(slot)} (full: over capacity)` }).check();
  await expect(page.getByText("This slot is full: it will be booked over capacity.")).toBeVisible();
  await page.getByRole("button", { name: "Book over capacity" }).click();

  await expect(page).toHaveURL(new RegExp(`today\\?date=${date}`));
  const booked = page.getByRole("article", { name: new RegExp(`^${name},`) });
  await expect(booked.getByText("Over capacity")).toBeVisible();
  // A car more than the bays is in none of them: no "Bay 4" in a shop of three.
  await expect(page.getByRole("list", { name: "The day's bookings in time order" })).not.toContainText(/Bay [4-9]/);
  await page.screenshot({ path: `${SCREENS}/counter-over-capacity-laptop.png`, fullPage: true });
}

test.describe("a booking at the counter on a phone @desk", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("staff book a returning caller from the desk in at most 8 taps, confirmed at once", async ({
    page,
    newAccount,
    request,
  }) => {
    await adminOnToday(page, newAccount);
    await bookReturningCaller(page, request, { name: "phone", offset: 30 });
  });
});

test.describe("a booking at the counter on a laptop @desk", () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test("staff book a returning caller from the desk in at most 8 taps, confirmed at once; a walk-in takes a full slot only after ticking Over capacity, and the card says so", async ({
    page,
    newAccount,
    request,
  }) => {
    await adminOnToday(page, newAccount);
    await bookReturningCaller(page, request, { name: "laptop", offset: 32 });
    await bookWalkInOverCapacity(page);
  });
});
