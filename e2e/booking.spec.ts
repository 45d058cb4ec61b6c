import type { Page } from "@playwright/test";
import { friendlyDate } from "~/features/bookings/visit-text";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { chooseDayAndSlot, futureDate, readDownload, waitForHydration, waitForReact } from "./support";

/** The form's button turns on once React runs it: typing before that would be lost to the form. */
async function waitForLiveForm(page: Page) {
  await expect(page.getByRole("button", { name: /Send booking request|Confirm Booking/ })).toBeEnabled();
}

// Fields are found by role, which skips hidden elements: React has been seen (rarely, after a
// client-side re-render of the lazily loaded form) to leave the server's copy of the form hidden
// in the page, and a label query would count it.
async function fillRequest(
  page: Page,
  { date, slot, service = "Full Detail" }: { date: string; slot: string; service?: string | null },
) {
  await waitForLiveForm(page);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Jamie Rivera");
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 201-3344");
  await page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("SUV");
  await page.getByRole("textbox", { name: "Vehicle Year", exact: true }).fill("2019");
  // A package page has no service to choose (null): the package's own is taken.
  if (service)
    await page
      .getByRole("group", { name: "Service Type" })
      .getByRole("radio", { name: new RegExp(`^${service}`) })
      .check();
  await chooseDayAndSlot(page, date, slot);
}

// A visitor's booking sent from the contact form: booking-journey.spec.ts (by keyboard) and
// manage-booking.spec.ts (@cluster); a slot shown full on it: waitlist.spec.ts.
test("the contact form says what is wrong, in the browser, before anything is sent", async ({ page }) => {
  await page.goto("/contact");
  await waitForLiveForm(page);
  const form = page.getByRole("region", { name: "Booking enquiry" });
  await form.getByRole("button", { name: "Send booking request" }).click();
  await expect(form.getByText("Full name is required")).toBeVisible();
  await expect(form.getByText("Phone number is required")).toBeVisible();
  await expect(form.getByText("Email is required")).toBeVisible();
  await expect(form.getByText("Select vehicle type")).toBeVisible();
  await expect(form.getByText("Choose a service")).toBeVisible();
  await expect(form.getByText("Select a time slot")).toBeVisible();
  // No "Select a date": the form has chosen the first free day for the customer.
  await expect(form.getByRole("group", { name: "Preferred Date" }).getByRole("radio", { checked: true })).toHaveCount(
    1,
  );
  // Days before today are not offered ("Choose today or a later date" is the server's and the schema's).
  await expect(form.getByRole("button", { name: "← Earlier dates" })).toBeDisabled();
  await expect(form.getByRole("group", { name: "Preferred Date" }).getByRole("radio").first()).toHaveAccessibleName(
    new RegExp(`^${friendlyDate(inDays(0))}`),
  );

  await fillRequest(page, { date: futureDate(page, 0), slot: "11:00–13:00" });
  const nextYear = new Date().getFullYear() + 1;
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("12-34");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("jamie.example.com");
  await page.getByRole("textbox", { name: "Vehicle Year", exact: true }).fill(String(nextYear + 1));
  await form.getByRole("button", { name: "Send booking request" }).click();
  await expect(form.getByText("Enter a valid phone number")).toBeVisible();
  await expect(form.getByText("Provide a valid email")).toBeVisible();
  await expect(form.getByText(`Year must be ≤ ${nextYear}`)).toBeVisible();
  await page.getByRole("textbox", { name: "Vehicle Year", exact: true }).fill("1975");
  await form.getByRole("button", { name: "Send booking request" }).click();
  await expect(form.getByText("Year must be 1980 or newer")).toBeVisible();
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("call me maybe");
  await expect(form.getByText("Enter a valid phone number")).toBeVisible();
  await expect(page).toHaveURL(/\/contact$/);
});

// The form is hydrated once wanted (decision 061): near the viewport, or at a first touch or key.
test("what a visitor types into the home page's form before its script runs is kept, and books @layout", async ({
  page,
}) => {
  // The form's own chunk held back, as on a slow network: the typing goes into the server's form.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/booking-form-[\w-]{8}\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);
  const form = page.getByRole("region", { name: "Book a Slot" });
  const send = form.getByRole("button", { name: "Send booking request" });
  await expect(send).toBeDisabled();
  const name = form.getByRole("textbox", { name: "Full Name", exact: true });
  const phone = form.getByRole("textbox", { name: "Phone Number", exact: true });
  const vehicle = form.getByRole("combobox", { name: "Vehicle Type", exact: true });
  const service = form.getByRole("group", { name: "Service Type" }).getByRole("radio", { name: /^Full Detail/ });
  await name.fill("Jamie Rivera");
  await phone.fill("(555) 201-3344");
  await vehicle.selectOption("SUV");
  await service.check();
  await expect(send).toBeDisabled();

  release();
  await expect(send).toBeEnabled();
  await expect(name).toHaveValue("Jamie Rivera");
  await expect(phone).toHaveValue("(555) 201-3344");
  await expect(vehicle).toHaveValue("SUV");
  await expect(service).toBeChecked();
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("early"));
  await chooseDayAndSlot(page, futureDate(page, 5), "11:00–13:00");
  await send.click();
  await expect(page).toHaveURL(/\/booking\/manage\/[^/]+\?new=1$/);
  await expect(page.getByRole("region", { name: "Your visit" })).toContainText("Full Detail");
});

test("the package form: visitors are asked to log in; a member books with WASH5 once @cluster", async ({
  page,
  newAccount,
}) => {
  await page.goto("/pricing");
  // A client-side navigation, as a visitor's tap after the page has loaded.
  await waitForHydration(page);
  await page
    .getByRole("region", { name: "Popular Packages" })
    .getByRole("link", { name: /Book A Slot: Signature Wash/ })
    .click();
  // The page shows with its data; its form loads right after (it once waited for the form's whole import chain).
  await expect(page.getByRole("heading", { level: 1, name: /Signature Wash/ })).toBeVisible();
  const confirm = page.getByRole("button", { name: "Confirm Booking" });
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveAttribute("title", "Please log in to book");
  const packagePage = page.url();

  await page.context().addCookies((await newAccount()).cookies);
  await page.goto(packagePage);
  // The package's own service, not a second choice that could book it as another.
  await expect(page.getByText("Hand Wash: the service this package is for")).toBeVisible();
  await expect(page.getByRole("group", { name: "Service Type" })).toHaveCount(0);
  await fillRequest(page, { date: futureDate(page, 2), slot: "09:00–11:00", service: null });
  await page.getByRole("textbox", { name: "Promo Code", exact: true }).fill("wash5");
  await expect(page.getByText("WASH5: $3 off, you pay $56.99")).toBeVisible();
  await confirm.click();
  await expect(page.getByRole("status").getByText("Request Sent Successfully!")).toBeVisible();
  // The confirmation page shows the price after WASH5, line by line (an SUV is priced as Medium).
  const price = page
    .getByRole("region", { name: "Your visit" })
    .getByRole("definition")
    .filter({ has: page.getByRole("term").filter({ hasText: /^Total$/ }) });
  await expect(price.getByRole("term")).toHaveText(["Signature Wash & Wax (Medium)", "WASH5 (5% off)", "Total"]);
  await expect(price.getByRole("definition")).toHaveText(["$59.99", "−$3", "$56.99"]);

  await page.goto(packagePage);
  await fillRequest(page, { date: futureDate(page, 3), slot: "09:00–11:00", service: null });
  await expect(page.getByRole("textbox", { name: "Promo Code", exact: true })).toHaveValue("");
  await page.getByRole("textbox", { name: "Promo Code", exact: true }).fill("WASH5");
  // The server checks the code before any price shows: the member is told before sending.
  await expect(page.getByRole("status").getByText("You have already used this code.")).toBeVisible();
  await confirm.click();
  await expect(page.getByRole("textbox", { name: "Promo Code", exact: true })).toHaveAccessibleDescription(
    "You have already used this code.",
  );
  await expect(page.getByRole("status").getByText("Submission failed")).toBeVisible();
  // One promo message at a time: the refusal, not also what WASH5 would take off.
  await expect(page.getByText("WASH5: $3 off, you pay $56.99")).toHaveCount(0);

  await page.goto("/dashboard/my-bookings");
  const row = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Signature Wash & Wax" }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByText("Pending")).toBeVisible();

  await row.getByRole("button", { name: /Details/ }).click();
  const dialog = page.getByRole("dialog", { name: "Booking details" });
  // The lines as booked: the package for an SUV's class, then WASH5 off, and what is left to pay.
  await expect(dialog.getByRole("term").filter({ hasText: "Signature Wash & Wax (Medium)" })).toBeVisible();
  await expect(dialog.getByRole("term").filter({ hasText: "WASH5 (5% off)" })).toBeVisible();
  await expect(dialog.getByRole("definition").filter({ hasText: /^−\$3$/ })).toBeVisible();
  await expect(dialog.getByRole("definition").filter({ hasText: /^\$56\.99$/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(dialog.getByRole("button", { name: "Keep booking" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel booking" }).click();
  await expect(page.getByRole("status").getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(row.getByText("Cancelled")).toBeVisible();
  // A cancelled visit offers the same choices again, and nothing to add to a calendar.
  // On the booking form with the package chosen, for a guest as for a member (walk m10).
  await expect(row.getByRole("link", { name: /^Book again\b.*Signature Wash & Wax/ })).toHaveAttribute(
    "href",
    /^\/booking\?plan=[0-9a-f]{24}&service=Hand\+Wash$/,
  );
  await expect(row.getByRole("link", { name: /calendar|directions/i })).toHaveCount(0);
  await row.getByRole("button", { name: /Details/ }).click();
  await expect(dialog.getByRole("button", { name: "Already cancelled" })).toBeDisabled();
  await page.keyboard.press("Escape");

  await page.getByRole("searchbox", { name: "Search bookings" }).fill("Oil Change");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No results found.")).toBeVisible();
});

test("an admin finds a booking, confirms it and moves its slot @cluster", async ({ page, admin: _, request }) => {
  const date = futureDate(page, 4);
  const tag = uniqueTag();
  const customer = `Taylor ${tag} Brooks`;
  const email = `taylor-${tag}@example.com`;
  const data = buildBookingRequest({ fullName: customer, email, preferredDate: date, preferredTimeSlot: "Anytime" });
  expect((await request.post("/api/bookings", { data })).status()).toBe(201);

  await page.goto("/dashboard/manageBooking");
  await waitForReact(page.getByLabel("Name, phone or e-mail"));
  await page.getByLabel("Name, phone or e-mail").fill(customer);
  await page.getByLabel("Status").selectOption("pending");
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByRole("row", { name: new RegExp(customer) });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: /Details/ }).click();

  // The details lead to the move dialog, the one way an admin moves a booking.
  const dialog = page.getByRole("dialog", { name: `Booking of ${customer}` });
  await dialog.getByRole("button", { name: "Move to another date or time…" }).click();
  const move = page.getByRole("dialog", { name: `Move ${customer}'s booking` });
  await move.getByRole("radio", { name: "1–3 PM" }).check();
  await move.getByRole("button", { name: "Move booking" }).click();
  // A pending "Anytime" request placed in a window is confirmed with the move, in one e-mail (walk m12).
  const toast = page.getByRole("status");
  await expect(toast.getByText("Updated", { exact: true })).toBeVisible();
  await expect(
    toast.getByText(`${customer}'s booking is confirmed for ${friendlyDate(date)}`, { exact: false }),
  ).toBeVisible();
  // The filter still asks for pending bookings: the confirmed one has left the list.
  await expect(row).toHaveCount(0);
  await page.getByLabel("Status").selectOption("confirmed");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("row", { name: new RegExp(customer) })).toContainText("1–3 PM");
  await expect(page.getByRole("row", { name: new RegExp(customer) }).getByText("Confirmed")).toBeVisible();
  const told = `${customer}'s booking on ${friendlyDate(date)}; they have been e-mailed.`;

  // Cancelling has a button of its own, above the booking's history, and asks first.
  await page
    .getByRole("row", { name: new RegExp(customer) })
    .getByRole("button", { name: /Details/ })
    .click();
  await dialog.getByRole("button", { name: "Cancel booking…" }).click();
  const asked = page.getByRole("dialog", { name: `Cancel ${customer}'s booking?` });
  await expect(asked).toContainText("1–3 PM. Its place is freed for someone else");
  await asked.getByRole("button", { name: "Keep booking" }).click();
  await expect(asked).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel booking…" }).click();
  await asked.getByRole("button", { name: "Cancel booking" }).click();
  await expect(dialog).toBeHidden();
  await expect(toast.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(toast.getByText(told).last()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(customer) })).toHaveCount(0);

  // The customer was told, with a calendar file for the new time.
  await page.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("article", { name: /^We moved your booking – / })).toHaveCount(0);
  const confirmation = page.getByRole("article", {
    name: /^Your booking is confirmed for a new time – .*1–3 PM$/,
  });
  await expect(confirmation).toContainText("When: ");
  await expect(confirmation).toContainText("Arrive between 1–3 PM (Eastern");
  // The server's outbox worker (polling each second) finds no SMTP and keeps the message here.
  await expect(async () => {
    await page.reload();
    await expect(confirmation).toContainText("Kept here (no SMTP)", { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  const download = page.waitForEvent("download");
  await confirmation.getByRole("link", { name: "booking.ics" }).click();
  const ics = await readDownload(await download);
  expect(ics).toContain("BEGIN:VCALENDAR");
  expect(ics).toContain("STATUS:CONFIRMED");
  expect(ics).toMatch(new RegExp(`DTSTART:${date.replace(/-/g, "")}T1[89]0000Z`));
  await expect(page.getByRole("article", { name: /^We received your booking request – / })).toBeVisible();
});
