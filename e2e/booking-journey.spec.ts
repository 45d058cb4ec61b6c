import type { Locator, Page } from "@playwright/test";
import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { chooseDayAndSlot, firstFreeSlot, firstPackageId, futureDate, tapCounter, waitForHydration } from "./support";

/** Screenshots for a person to look at, when SCREENSHOT_DIR names where to put them. */
async function screenshot(page: Page, name: string, target?: Locator) {
  const dir = process.env.SCREENSHOT_DIR;
  const path = `${dir}/${name}-${page.viewportSize()!.width}.png`;
  if (dir) await (target ? target.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
}

/**
 * The form has chosen the first free day and read its slots (and is live, once `button` is enabled).
 * Any slot will do: the other journeys book that day's free places at the same time, so in the
 * day's last open hour its one free slot can fill between the form's two reads.
 */
async function waitForChoices(page: Page, button?: string) {
  if (button) await expect(page.getByRole("button", { name: button })).toBeEnabled();
  await waitForDay(page);
  await expect(page.getByRole("group", { name: "Preferred Time Slot" }).getByRole("radio").first()).toBeVisible();
}

/**
 * The form's day is one the visit can be booked on: a longer visit (a bigger vehicle, a package)
 * may not fit today's last window, and the form then moves on to the next free day.
 */
async function waitForDay(page: Page) {
  const [days, slots] = [
    page.getByRole("group", { name: "Preferred Date" }),
    page.getByRole("group", { name: "Preferred Time Slot" }),
  ];
  for (const group of [days, slots]) await expect(group).not.toHaveAttribute("aria-busy", "true");
  const chosen = days.getByRole("radio", { checked: true });
  await expect(chosen).toHaveCount(1);
  await expect(chosen).toBeEnabled();
  // The other journeys book the same day at the same time: when they have filled the day the form
  // chose since it chose it ("Fri, Nov 27, full"), the visitor takes the next day with a place (a
  // day named by its date alone). Not counted as a tap: on a quiet site the form's day has one.
  if ((await firstFreeSlot(page).count()) === 0) {
    await days
      .getByRole("radio", { name: /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}$/ })
      .first()
      .check();
    for (const group of [days, slots]) await expect(group).not.toHaveAttribute("aria-busy", "true");
  }
}

test("a visitor books a package as a guest in at most 8 taps and lands on the confirmation page @layout", async ({
  page,
}) => {
  const { id, name } = await firstPackageId(page);
  const email = uniqueEmail("guest");
  const taps = tapCounter();
  await page.goto(`/packages/${id}`);
  const notice = page.getByRole("region", { name: "Book as a guest, or with your account" });
  await expect(notice).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm Booking" })).toHaveAttribute("title", "Please log in to book");
  await screenshot(page, "package-visitor");
  await waitForHydration(page);

  await taps.tap(() => notice.getByRole("link", { name: "Book as a guest" }).click());
  await expect(page).toHaveURL(new RegExp(`/booking\\?plan=${id}`));
  await waitForChoices(page, "Send booking request");
  await expect(page.getByRole("group", { name: "Package" })).toContainText(name);
  await screenshot(page, "guest-form", page.getByRole("region", { name: "Book a Slot" }));

  // The vehicle first: its size decides the visit's length, and so the slots offered.
  await taps.tap(() => page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("SUV"));
  await expect(page.getByRole("region", { name: "Your booking" }).getByRole("term").first()).toHaveText(
    `${name} (Medium)`,
  );
  await waitForDay(page);
  await taps.tap(() => firstFreeSlot(page).check());
  await taps.tap(() => page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Jamie Rivera"));
  await taps.tap(() => page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 201-3344"));
  await taps.tap(() => page.getByRole("textbox", { name: "Email", exact: true }).fill(email));
  await taps.tap(() => page.getByRole("button", { name: "Send booking request" }).click());

  await expect(page.getByRole("status").getByText("Booking Request Sent!")).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/manage\/[^/]+\?new=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeFocused();
  const visit = page.getByRole("region", { name: "Your visit" });
  await expect(visit).toContainText(name);
  await expect(page.getByRole("heading", { name: `We e-mailed you at ${email}` })).toBeVisible();
  // The manage link as a link and a Copy button, not its long address (on a phone, four lines).
  await expect(page.getByRole("link", { name: "Manage your booking", exact: true })).toHaveAttribute(
    "href",
    /\/booking\/manage\/[^/?]+$/,
  );
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Get directions" })).toBeVisible();
  await screenshot(page, "confirmation");
  expect(taps.count).toBeLessThanOrEqual(8);
});

test("a visitor who signs up comes back to the package form with what they typed", async ({ page }) => {
  const { id } = await firstPackageId(page);
  await page.goto(`/packages/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Confirm Booking" })).toBeDisabled();
  await waitForChoices(page);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Robin Signup");
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("555 310 2020");
  await page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("Minivan");
  await page.getByRole("textbox", { name: "Special Instructions", exact: true }).fill("Child seat in the back");

  await page
    .getByRole("region", { name: "Book as a guest, or with your account" })
    .getByRole("link", { name: "Sign up" })
    .click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=/);
  await expect(page.getByRole("button", { name: "Create account" })).toBeEnabled();
  const tag = uniqueTag();
  await page.getByLabel("Name").fill("Robin Signup");
  await page.getByLabel("Email").fill(`robin-${tag}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(`pass-${tag}`);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page).toHaveURL(new RegExp(`/packages/${id}`));
  const confirm = page.getByRole("button", { name: "Confirm Booking" });
  await expect(confirm).toBeEnabled();
  await expect(page.getByRole("region", { name: "Book as a guest, or with your account" })).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue("Robin Signup");
  await expect(page.getByRole("textbox", { name: "Phone Number", exact: true })).toHaveValue("555 310 2020");
  await expect(page.getByRole("combobox", { name: "Vehicle Type", exact: true })).toHaveValue("Minivan");
  await expect(page.getByRole("textbox", { name: "Special Instructions", exact: true })).toHaveValue(
    "Child seat in the back",
  );
  // A day of this test's own: the first free slot of the first free day is what the other journeys
  // book at the same time, and a slot taken while this visitor signed up is (rightly) refused as full.
  await chooseDayAndSlot(page, futureDate(page, 6), "13:00–15:00");
  await confirm.click();
  await expect(page.getByRole("status").getByText("Request Sent Successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeFocused();
});

test("a member's name, phone and last vehicle are filled in: two taps to book @layout", async ({ page, member }) => {
  const { id, name } = await firstPackageId(page);
  const earlier = buildBookingRequest({
    fullName: "Morgan Lee",
    phone: "555 777 1212",
    vehicleType: "Truck",
    vehicleYear: "2021",
    preferredDate: futureDate(page, 45),
  });
  const made = await page.request.post("/api/bookings", {
    data: { ...earlier, email: undefined },
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(made.status(), await made.text()).toBe(201);

  const taps = tapCounter();
  await page.goto(`/packages/${id}`);
  await waitForChoices(page, "Confirm Booking");
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue("Morgan Lee");
  await expect(page.getByRole("textbox", { name: "Phone Number", exact: true })).toHaveValue("555 777 1212");
  await expect(page.getByRole("combobox", { name: "Vehicle Type", exact: true })).toHaveValue("Truck");
  await expect(page.getByRole("textbox", { name: "Vehicle Year", exact: true })).toHaveValue("2021");
  await screenshot(page, "package-member", page.getByRole("region", { name: "Book This Package" }));

  await waitForDay(page);
  await taps.tap(() => firstFreeSlot(page).check());
  await taps.tap(() => page.getByRole("button", { name: "Confirm Booking" }).click());
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeFocused();
  await expect(page.getByRole("region", { name: "Your visit" })).toContainText(name);
  await expect(page.getByRole("heading", { name: `We e-mailed you at ${member.email}` })).toBeVisible();
  expect(taps.count).toBe(2);
});

/** Presses Tab until `target` has the focus: the keyboard's way there, however many stops the page has. */
async function tabTo(page: Page, target: Locator) {
  // Forward first; then back (a refused request leaves the focus past the slots).
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let i = 0; i < 60; i++) {
      if (await target.evaluate((el) => el === document.activeElement)) return;
      await page.keyboard.press(key);
    }
  }
  throw new Error("Tab never reached the target");
}

test("keyboard only: one whole booking on the contact form", async ({ page }) => {
  await page.goto("/contact");
  await waitForChoices(page, "Send booking request");
  await tabTo(page, page.getByRole("combobox", { name: "Vehicle Type", exact: true }));
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("combobox", { name: "Vehicle Type", exact: true })).toHaveValue("Car");
  const services = page.getByRole("group", { name: "Service Type" });
  await tabTo(page, services.getByRole("radio").first());
  await page.keyboard.press("Space");
  await expect(services.getByRole("radio", { name: /^Hand Wash/ })).toBeChecked();
  // The package group: None is chosen; the arrow keys choose the next.
  await page.keyboard.press("Tab");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("group", { name: "Package" }).getByRole("radio", { name: /^Basic/ })).toBeChecked();
  await waitForDay(page);
  // The day the form chose keeps the focus stop of its group; on to the slots.
  const slot = firstFreeSlot(page);
  await tabTo(page, slot);
  await page.keyboard.press("Space");
  await expect(slot).toBeChecked();
  // On a wide screen the running total sits in the column beside the form, under the opening hours.
  const total = page.getByRole("region", { name: "Your booking" });
  await expect(total).toContainText("Ready between");
  const form = (await page.getByRole("region", { name: "Booking enquiry" }).boundingBox())!;
  expect((await total.boundingBox())!.x).toBeGreaterThanOrEqual(form.x + form.width);

  await tabTo(page, page.getByRole("textbox", { name: "Full Name", exact: true }));
  await page.keyboard.type("Kim Keys");
  await page.keyboard.press("Tab");
  await page.keyboard.type("555 404 1000");
  await page.keyboard.press("Tab");
  await page.keyboard.type(uniqueEmail("keys"));
  // The other journeys book this day's first free slot at the same time: one taken meanwhile is
  // refused as full, and the visitor, by keyboard still, takes the next free one and sends again.
  const booked = page.getByRole("heading", { level: 1, name: "Your booking" });
  const full = page
    .getByRole("group", { name: "Preferred Time Slot" })
    .getByText("That time slot is full. Please choose another.", { exact: true });
  for (let attempt = 1; ; attempt++) {
    await tabTo(page, page.getByRole("button", { name: "Send booking request" }));
    await page.keyboard.press("Enter");
    await expect(booked.or(full)).toBeVisible();
    if ((await booked.isVisible()) || attempt === 3) break;
    const next = firstFreeSlot(page);
    await tabTo(page, next);
    await page.keyboard.press("Space");
    await expect(next).toBeChecked();
  }
  await expect(booked).toBeFocused();
  await expect(page.getByRole("region", { name: "Your visit" })).toContainText("Hand Wash");
});
