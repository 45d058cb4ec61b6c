import type { Locator, Page } from "@playwright/test";
import { addDays } from "~/lib/business-date";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { firstFreeSlot, tapCounter } from "./support";

/**
 * Issue 28: an oil change recorded today is due in six months (full synthetic); with the
 * follow-ups' clock moved to a week before that (PUT /api/test-clock: TEST_CLOCK, one process's
 * clock, so not @cluster), the reminder is in the Outbox, and its "Book your oil change" link opens
 * the booking form holding the car, the service and the customer: the day is chosen for them,
 * so a slot and Send finish it.
 */
const WIDTHS = [390, 820, 1366] as const;

/** Screenshots at the phone's, the tablet's and the desktop's widths, when SCREENSHOT_DIR says where. */
async function screenshots(page: Page, name: string, target: () => Locator) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await target().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
}

const monthDay = (date: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T12:00:00Z`),
  );

test("the reminder is in the Outbox on its day, and its link books the oil change in at most 4 taps", async ({
  page,
  admin: _,
  browser,
  baseURL,
}) => {
  const headers = { Origin: baseURL! };
  const tag = uniqueTag();
  const email = uniqueEmail("due");

  // Today's oil change, booked at the counter (Anytime: today's slots may have begun), collected and recorded.
  const made = await page.request.post("/api/bookings", {
    headers,
    data: buildBookingRequest({
      fullName: `Dana ${tag}`,
      phone: "(555) 300-4000",
      email,
      vehicleType: "SUV",
      vehicleYear: "2020",
      vehicleMake: "Honda",
      vehicleModel: "CR-V",
      vehicleColor: "Silver",
      serviceType: "Oil Change",
      preferredDate: inDays(0),
      preferredTimeSlot: "Anytime",
    }),
  });
  expect(made.status(), await made.text()).toBe(201);
  const { insertedId } = (await made.json()) as { insertedId: string };
  const collected = await page.request.put(`/api/bookings/${insertedId}/stage`, {
    headers,
    data: { stage: "collected" },
  });
  expect(collected.status(), await collected.text()).toBe(200);
  const recorded = await page.request.post(`/api/bookings/${insertedId}/service-record`, {
    headers,
    data: { odometer: 34_000, oilType: "full-synthetic" },
  });
  expect(recorded.status(), await recorded.text()).toBe(200);
  const { nextDueDate, nextDueMileage } = (await recorded.json()) as { nextDueDate: string; nextDueMileage: number };
  expect(nextDueMileage).toBe(41_500);

  // A week before the due date, mid-morning on the shop's clock: the sweep queues the reminder.
  const moved = await page.request.put("/api/test-clock", {
    headers,
    data: { now: `${addDays(nextDueDate, -7)}T15:00:00Z` },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  try {
    await page.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
    const subject = "Your Honda CR-V is due for an oil change";
    const mail = page.getByRole("article", { name: subject });
    const frame = mail.getByTitle(`${subject} (as the customer sees it)`).contentFrame();
    await expect(
      frame.getByText(
        `Your Honda CR-V is due for an oil change around ${monthDay(nextDueDate)} or 41,500 miles, whichever comes first.`,
      ),
    ).toBeVisible();
    await expect(frame.getByRole("link", { name: "Stop service reminders" })).toHaveAttribute(
      "href",
      /\/unsubscribe\//,
    );
    const href = await frame.getByRole("link", { name: "Book your oil change" }).getAttribute("href");
    expect(href).toMatch(/\/booking\?rebook=[0-9a-f]{24}\.[A-Za-z0-9_-]{32}$/);
    await screenshots(page, "due-reminder-outbox", () => mail);

    // The customer opens the link on their phone, signed in nowhere.
    const customer = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const phone = await customer.newPage();
    const taps = tapCounter();
    await taps.tap(() => phone.goto(href!));
    await expect(phone.getByRole("heading", { level: 1, name: "Book your oil change" })).toBeVisible();
    await expect(phone.getByRole("group", { name: "Vehicle" })).toContainText("Silver Honda CR-V (SUV, 2020)");
    await expect(phone.getByRole("group", { name: "Service" })).toContainText("Oil Change");
    await expect(phone.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue(`Dana ${tag}`);
    await expect(phone.getByRole("textbox", { name: "Phone Number", exact: true })).toHaveValue("(555) 300-4000");
    await expect(phone.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
    // The form has chosen the first free day and read its slots.
    await expect(
      phone.getByRole("group", { name: "Preferred Date" }).getByRole("radio", { checked: true }),
    ).toHaveCount(1);
    await expect(firstFreeSlot(phone)).toBeVisible();
    await screenshots(phone, "due-reminder-form", () =>
      phone.getByRole("heading", { name: "Your oil change", exact: true }),
    );

    await taps.tap(() => firstFreeSlot(phone).check());
    await taps.tap(() => phone.getByRole("button", { name: "Send booking request" }).click());
    await expect(phone.getByRole("heading", { level: 1, name: "Your booking" })).toBeFocused();
    await expect(phone.getByRole("region", { name: "Your visit" })).toContainText("Oil Change");
    expect(taps.count).toBeLessThanOrEqual(4);

    // A changed character: the page says so and fills nothing.
    await phone.goto(href!.replace(/.$/, (c) => (c === "a" ? "b" : "a")));
    await expect(phone.getByText("This link has expired or is not valid. You can still book below.")).toBeVisible();
    await expect(phone.getByRole("heading", { level: 1, name: "Book your slot" })).toBeVisible();
    await expect(phone.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue("");
    await customer.close();
  } finally {
    // The clock back to the real time, for the tests that come after.
    await page.request.put("/api/test-clock", { headers, data: { now: new Date().toISOString() } });
  }
});
