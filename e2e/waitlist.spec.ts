import type { APIRequestContext, Page } from "@playwright/test";
import { longDate } from "~/features/bookings/visit-text";
import { buildBookingRequest, dayAhead } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { dayChoice, slotChoice } from "./support";

/**
 * Issue 29: where a slot is full the booking form offers "Tell me if a place frees up"; a place
 * freed (a booking cancelled) is offered to the first fitting entry by e-mail, held for it, and one
 * tap on the offer's page books it. Each test fills its own Saturday (150 days ahead and later: no
 * other spec books there) with the demo's 3 bays, so no setting is changed.
 */
const FULL = "11:00–13:00";

/** The first Saturday `days` or more days ahead. */
const saturdayFrom = (days: number) => dayAhead(days, [6]);

/** Three guests' half-hour washes fill the slot (one customer may hold only two bookings a day). */
async function fillSlot(request: APIRequestContext, date: string, tag: string): Promise<string[]> {
  const names: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const fullName = `Fleet ${i} ${tag}`;
    const data = buildBookingRequest({
      fullName,
      email: uniqueEmail(`fleet${i}`),
      preferredDate: date,
      preferredTimeSlot: FULL,
    });
    const created = await request.post("/api/bookings", { data });
    expect(created.status(), await created.text()).toBe(201);
    names.push(fullName);
  }
  return names;
}

async function waitForLiveForm(page: Page) {
  await expect(page.getByRole("button", { name: "Send booking request" })).toBeEnabled();
}

test("a visitor on a phone joins the waitlist for a full Saturday slot, and books the freed place in one tap @phone", async ({
  page,
  adminPage,
}) => {
  test.slow();
  const tag = uniqueTag();
  const date = saturdayFrom(150);
  const [fleet] = await fillSlot(page.request, date, tag);
  const email = uniqueEmail("waiter");
  const name = `Robin ${tag}`;

  // The visitor fills the form; the 11–1 window is full for their wash.
  await page.goto("/booking");
  await waitForLiveForm(page);
  await page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("Car");
  await page
    .getByRole("group", { name: "Service Type" })
    .getByRole("radio", { name: /^Hand Wash/ })
    .check();
  await (await dayChoice(page, date)).check();
  await expect(slotChoice(page, `${FULL} (full)`)).toBeDisabled();
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 201-7788");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);

  await page.getByRole("button", { name: "Tell me if a place frees up" }).click();
  const panel = page.getByRole("region", { name: `Waitlist for ${longDate(date)}` });
  await expect(panel.getByRole("checkbox", { name: "11 AM–1 PM" })).toBeChecked();
  await expect(panel.getByRole("checkbox", { name: "Any time that day" })).not.toBeChecked();
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  // The form gives way to what they joined, as a booking's confirmation does, with a way to start over.
  const joined = page.getByRole("region", { name: "You're on the waitlist" });
  await expect(joined.getByRole("heading", { name: "You're on the waitlist" })).toBeFocused();
  await expect(joined).toContainText(`You're on the waitlist for ${longDate(date)}.`);
  await expect(joined).toContainText("11 AM–1 PM");
  await expect(joined).toContainText("Hand Wash");
  await expect(joined).toContainText(email);
  await expect(page.getByRole("button", { name: "Send booking request" })).toHaveCount(0);
  await joined.getByRole("button", { name: "Start a new booking" }).click();
  await expect(page.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue("");

  // An admin cancels one of the slot's bookings from the day's board, where the waitlist shows.
  await adminPage.goto(`/dashboard/manageBooking/today?date=${date}`);
  const waitlist = adminPage.getByRole("region", { name: "Waitlist" });
  await expect(waitlist).toContainText(name);
  await expect(waitlist).toContainText(`1 person is waiting for ${longDate(date)}`);
  await adminPage.getByRole("button", { name: `Details of ${fleet}'s booking` }).click();
  const dialog = adminPage.getByRole("dialog", { name: `Booking of ${fleet}` });
  await dialog.getByLabel("Status").selectOption("cancelled");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  // The place went to the visitor: the offer is in the Outbox, its link held for them.
  await adminPage.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
  const offerMail = adminPage.getByRole("article", { name: /^A place freed up on / });
  const offerLink = offerMail
    .getByTitle(/ \(as the customer sees it\)$/)
    .contentFrame()
    .getByRole("link", { name: "Book this place" });
  const offerUrl = await offerLink.getAttribute("href");
  expect(offerUrl).toMatch(/\/waitlist\/offer\/[\w.-]+$/);
  const noThanks = offerMail
    .getByTitle(/ \(as the customer sees it\)$/)
    .contentFrame()
    .getByRole("link", { name: "No thanks, pass it on" });
  await expect(noThanks).toHaveAttribute("href", `${offerUrl}?answer=no`);

  // The e-mail's "No thanks" asks first; so does the page's. Kept, the place is still theirs.
  await page.goto(`${offerUrl}?answer=no`);
  const asked = page.getByRole("dialog", { name: "Pass this place on?" });
  await expect(asked).toContainText("you'll leave the waitlist for this day");
  await asked.getByRole("button", { name: "Keep it" }).click();
  await expect(asked).toBeHidden();
  await page.getByRole("button", { name: "No thanks" }).click();
  await expect(asked).toBeVisible();
  await asked.getByRole("button", { name: "Keep it" }).click();

  // One tap on the offer's page books it, and the confirmation page follows.
  await page.goto(offerUrl!);
  await expect(page.getByRole("heading", { level: 1, name: "Robin, a place freed up" })).toBeVisible();
  await expect(page.getByText(/^Held for you until \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await expect(page.getByText("Arrive between 11 AM–1 PM")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await page.getByRole("button", { name: "Book this place" }).click();
  await expect(page).toHaveURL(/\/booking\/manage\/[\w.-]+\?new=1$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeFocused();
  await expect(page.getByRole("heading", { name: `We e-mailed you at ${email}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Your visit" })).toContainText("Arrive between 11 AM–1 PM");
  // A held place taken is a booking made: confirmed, as "one tap books it" said.
  await expect(page.getByRole("heading", { name: "Status Confirmed" })).toBeVisible();

  // The offer's page now says it is booked.
  await page.goto(offerUrl!);
  await expect(page.getByRole("heading", { level: 1, name: "You've booked this place" })).toBeVisible();
});

test("an admin sees the day's waitlist, offers a place by hand and removes an entry", async ({
  page,
  admin: _,
  request,
}) => {
  const tag = uniqueTag();
  const date = saturdayFrom(170);
  await fillSlot(request, date, tag);
  const [first, second] = [`Avery ${tag}`, `Blake ${tag}`];
  for (const fullName of [first, second]) {
    const { preferredTimeSlot: _slot, ...body } = buildBookingRequest({
      fullName,
      email: uniqueEmail("wait"),
      preferredDate: date,
    });
    const joined = await request.post("/api/waitlist", { data: { ...body, slots: [FULL] } });
    expect(joined.status(), await joined.text()).toBe(201);
  }

  // The day's list: Manage Bookings filtered to the day.
  await page.goto(`/dashboard/manageBooking?from=${date}&to=${date}`);
  const waitlist = page.getByRole("region", { name: "Waitlist" });
  await expect(waitlist).toContainText(`2 people are waiting for ${longDate(date)}`);
  await expect(waitlist).toContainText(first);
  await expect(waitlist).toContainText("Would take: 11 AM–1 PM");

  // A full window is refused, in a toast with the API's words.
  await waitlist.getByRole("button", { name: `Offer a place to ${first}` }).click();
  const offer = page.getByRole("dialog", { name: `Offer ${first} a place` });
  await expect(offer.getByRole("radio", { name: /^11 AM–1 PM/ })).toBeChecked();
  await offer.getByRole("button", { name: "Offer this place" }).click();
  await expect(page.getByRole("status").getByText("That time slot is full. Please choose another.")).toBeVisible();

  // A free one is held for them.
  await waitlist.getByRole("button", { name: `Offer a place to ${first}` }).click();
  await offer.getByRole("radio", { name: /^9–11 AM/ }).check();
  await offer.getByRole("button", { name: "Offer this place" }).click();
  await expect(page.getByRole("status").getByText("Place offered")).toBeVisible();
  await expect(waitlist.getByRole("list", { name: `Offers to ${first}` })).toContainText(
    /Offered 9–11 AM by hand: held until \d{1,2}:\d\d [AP]M/,
  );

  // Remove, after a confirmation.
  await waitlist.getByRole("button", { name: `Remove ${second}` }).click();
  await page.getByRole("dialog", { name: "Remove from the waitlist?" }).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status").getByText(`${second} is off the waitlist.`)).toBeVisible();
  await expect(waitlist.getByRole("button", { name: `Remove ${second}` })).toHaveCount(0);
  await expect(waitlist.getByRole("listitem").filter({ hasText: second })).toContainText("Removed");
  await expect(waitlist).toContainText(`2 people joined the waitlist for ${longDate(date)}; 1 still waits`);

  // A link the server did not write is the site's not-found page.
  const bad = await page.goto("/waitlist/offer/not-a-real-token");
  expect(bad?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();

  // The bay board shows the same list.
  await page.goto(`/dashboard/manageBooking/today?date=${date}`);
  await expect(page.getByRole("region", { name: "Waitlist" })).toContainText(first);
});
