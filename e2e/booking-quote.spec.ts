import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { offeredArrival } from "~/features/bookings/slot-plan";
import { readyWhen } from "~/features/bookings/visit-text";
import type { ApiQuote } from "~/features/pricing/pricing.schema";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { chooseDayAndSlot, futureDate } from "./support";

/** Screenshots for a person to look at, when SCREENSHOT_DIR names where to put them. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  // From the top, where the header that follows the scroll belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.getByRole("banner")).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

const amountText = (amount: number) => (amount < 0 ? `−${formatPrice(-amount)}` : formatPrice(amount));

/** A visit's priced lines as a page shows them (PricedLines): the labels, then the amounts, with the total last. */
async function expectLines(lines: Locator, quote: ApiQuote) {
  await expect(lines.getByRole("term")).toHaveText([...quote.lines.map((l) => l.label), "Total"]);
  await expect(lines.getByRole("definition")).toHaveText([
    ...quote.lines.map((l) => amountText(l.amount)),
    formatPrice(quote.total),
  ]);
}

/** What the server prices a choice at: the form and the confirmation must show the same. */
async function quoteOf(request: APIRequestContext, origin: string, body: object): Promise<ApiQuote> {
  const response = await request.post("/api/bookings/quote", { data: body, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiQuote;
}

test("a visitor chooses an SUV, the Full Detail and two add-ons, sees the quote, and the confirmation keeps it", async ({
  page,
  adminPage,
}) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const tag = uniqueTag();
  // The shop's add-ons, made by an admin for this test alone (their names are its own).
  const extras = [
    { name: `Pet hair removal ${tag}`, description: "Fur out of seats and carpets.", price: 35, minutes: 30 },
    { name: `Engine bay ${tag}`, description: "Degreased and dressed.", price: 60, minutes: 30 },
  ];
  const ids: string[] = [];
  for (const extra of extras) {
    const made = await adminPage.request.post("/api/add-ons", {
      data: { ...extra, serviceTypes: ["Full Detail"], active: true },
      headers: { Origin: origin },
    });
    expect(made.status(), await made.text()).toBe(201);
    ids.push(((await made.json()) as { insertedId: string }).insertedId);
  }
  try {
    await page.goto("/booking");
    const send = page.getByRole("button", { name: "Send booking request" });
    await expect(send).toBeEnabled();
    const summary = page.getByRole("region", { name: "Your booking" });
    const vehicleType = page.getByRole("combobox", { name: "Vehicle Type", exact: true });

    const service = (name: string) =>
      page.getByRole("group", { name: "Service Type" }).getByRole("radio", { name: new RegExp(`^${name}`) });

    // A vehicle the form cannot size is priced as its class, and the price confirmed at the shop.
    await vehicleType.selectOption("Other");
    await service("Full Detail").check();
    await expect(summary.getByText("Price confirmed at the shop")).toBeVisible();

    await vehicleType.selectOption("SUV");
    await page.getByRole("textbox", { name: "Make", exact: true }).fill("Toyota");
    await page.getByRole("textbox", { name: "Model", exact: true }).fill("RAV4");
    await expect(summary.getByText("Price confirmed at the shop")).toHaveCount(0);
    const addOns = page.getByRole("group", { name: "Add-ons" });
    // Each with what it adds for an SUV (the medium class: the default 20 % and 15 minutes more).
    const petHair = addOns.getByRole("checkbox", { name: `${extras[0]!.name} + $42 · 45 min` });
    const engineBay = addOns.getByRole("checkbox", { name: `${extras[1]!.name} + $72 · 45 min` });
    await petHair.check();
    // Another service drops the add-ons that do not go with it.
    await service("Hand Wash").check();
    await expect(page.getByRole("checkbox", { name: new RegExp(tag) })).toHaveCount(0);
    await service("Full Detail").check();
    await expect(petHair).not.toBeChecked();
    await petHair.check();
    await engineBay.check();
    const date = futureDate(page, 10);
    await chooseDayAndSlot(page, date, "09:00–11:00");
    await page.getByRole("textbox", { name: "Promo Code", exact: true }).fill("wash5");

    const quote = await quoteOf(page.request, origin, {
      vehicleType: "SUV",
      serviceType: "Full Detail",
      addOns: ids,
      promoCode: "WASH5",
    });
    expect(quote.lines.map((l) => l.label)).toEqual([
      "Full Detail (Medium)",
      extras[0]!.name,
      extras[1]!.name,
      "WASH5 (5% off)",
    ]);
    await expectLines(summary, quote);
    // From the earliest arrival to the latest, each plus the visit's length.
    const ready = readyWhen({ arrival: offeredArrival(date, "09:00–11:00", quote.minutes), minutes: quote.minutes });
    await expect(summary).toContainText(`Takes about ${formatLength(quote.minutes)} · Ready ${ready}`);
    await screenshot(page, "booking-quote");

    await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Jamie Rivera");
    await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 201-3344");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail("quote"));
    await send.click();

    await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeFocused();
    const visit = page.getByRole("region", { name: "Your visit" });
    const price = visit.getByRole("definition").filter({ has: page.getByRole("term").filter({ hasText: /^Total$/ }) });
    await expectLines(price, quote);
    await expect(visit).toContainText(`Takes about ${formatLength(quote.minutes)} · ready ${ready}`);
    await expect(visit).toContainText("Jamie Rivera · Toyota RAV4 (SUV)");
    await screenshot(page, "booking-confirmation");
  } finally {
    for (const id of ids)
      expect((await adminPage.request.delete(`/api/add-ons/${id}`, { headers: { Origin: origin } })).status()).toBe(
        200,
      );
  }
});

test("a member books with a saved vehicle without typing it", async ({ page, member: _ }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const saved = await page.request.post("/api/vehicles", {
    data: { vehicleType: "SUV", make: "Honda", model: "CR-V", color: "Silver", year: 2019 },
    headers: { Origin: origin },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await page.goto("/booking");
  const send = page.getByRole("button", { name: "Send booking request" });
  await expect(send).toBeEnabled();
  const vehicles = page.getByRole("group", { name: "Which vehicle?" });
  const car = vehicles.getByRole("radio", { name: "Silver Honda CR-V (SUV, 2019)" });
  // Their one vehicle is chosen for them: nothing about it to type.
  await expect(car).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Vehicle Type", exact: true })).toHaveCount(0);
  // Another vehicle is typed in as a visitor would; their own is one tap back.
  await vehicles.getByRole("radio", { name: "Another vehicle" }).check();
  await expect(page.getByRole("combobox", { name: "Vehicle Type", exact: true })).toHaveValue("");
  await car.check();
  await expect(page.getByRole("combobox", { name: "Vehicle Type", exact: true })).toHaveCount(0);

  await page
    .getByRole("group", { name: "Service Type" })
    .getByRole("radio", { name: /^Hand Wash/ })
    .check();
  await chooseDayAndSlot(page, futureDate(page, 11), "11:00–13:00");
  const summary = page.getByRole("region", { name: "Your booking" });
  await expect(summary.getByRole("term").first()).toHaveText("Hand Wash (Medium)");
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 201-7070");
  await screenshot(page, "booking-member-vehicle");
  await send.click();

  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeFocused();
  const visit = page.getByRole("region", { name: "Your visit" });
  await expect(visit).toContainText("Silver Honda CR-V (SUV, 2019)");
  await expect(visit.getByRole("term").filter({ hasText: "Hand Wash (Medium)" })).toBeVisible();
});
