import type { Page } from "@playwright/test";
import { formatMoney } from "~/features/till/till.schema";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, logIn, test, uniqueEmail, uniqueTag } from "./fixtures";
import { waitForReact } from "./support";

/**
 * Issue 46, the till at the counter on its tablet (820 px, touch; @desk: not in the phone run):
 * a staff member taps "Collected" on today's car, takes $40 on card and the rest in cash with a
 * tip, and prints the receipt; then a manager counts the drawer on the Cash-up page.
 */
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };

const card = (page: Page, name: string) => page.getByRole("article", { name: new RegExp(`^${name},`) });

test.use(TABLET);

test("the desk takes a split payment with a tip on collection, prints the receipt, and a manager cashes up @desk", async ({
  page,
  browser,
  baseURL,
  newAccount,
  request,
}) => {
  test.slow();
  const [staff, manager] = [await newAccount({ role: "staff" }), await newAccount({ role: "manager" })];
  const name = `Tilly ${uniqueTag()}`;
  // Today's car: an 'Anytime' request (today's slots may have begun), a detail worth more than $40.
  const booked = await request.post("/api/bookings", {
    data: buildBookingRequest({
      fullName: name,
      email: uniqueEmail("till"),
      serviceType: "Full Detail",
      preferredDate: inDays(0),
      preferredTimeSlot: "Anytime",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const id = ((await booked.json()) as { insertedId: string }).insertedId;

  await page.goto("/login");
  await logIn(page, staff.email, staff.password);
  // The morning's taps, as the desk made them: confirmed, worked on, ready.
  const origin = { Origin: baseURL! };
  expect(
    (await page.request.patch(`/api/bookings/${id}`, { headers: origin, data: { status: "confirmed" } })).ok(),
  ).toBe(true);
  for (const stage of ["checked-in", "in-progress", "ready"])
    expect((await page.request.put(`/api/bookings/${id}/stage`, { headers: origin, data: { stage } })).ok()).toBe(true);
  await page.goto("/dashboard");
  const car = card(page, name);
  await waitForReact(car.getByRole("button", { name: `Collected ${name}` }));
  await car.getByRole("button", { name: `Collected ${name}` }).click();

  // The payment step: the total, what is paid, the balance; the amount starts at the balance.
  const step = page.getByRole("dialog", { name: `Payment: ${name}` });
  const figure = (label: string) => step.getByRole("term").filter({ hasText: label }).locator("+ dd");
  // The visit's price, as the server worked it out for a detail of this car.
  const visit = { total: Number((await figure("Total").innerText()).replace(/[$,]/g, "")) };
  expect(visit.total).toBeGreaterThan(40);
  const rest = Math.round((visit.total - 40) * 100) / 100;
  const tooMuch = Math.round((rest + 10) * 100) / 100;
  await expect(figure("Balance")).toHaveText(formatMoney(visit.total));
  await expect(step.getByLabel("Amount ($)")).toHaveValue(String(visit.total));
  await step.getByRole("radio", { name: "Card", exact: true }).check();
  await step.getByLabel("Amount ($)").fill("40");
  await step.getByLabel("Terminal reference (optional)").fill("T-4242");
  await step.getByRole("button", { name: "Take payment" }).click();
  await expect(figure("Balance")).toHaveText(formatMoney(rest));
  await expect(figure("Paid")).toHaveText("$40.00");

  // The rest in cash, with a tip; more than the balance is refused with the balance in the message.
  await expect(step.getByLabel("Amount ($)")).toHaveValue(String(rest));
  await step.getByRole("radio", { name: "Cash", exact: true }).check();
  await step.getByLabel("Amount ($)").fill(String(tooMuch));
  await step.getByRole("button", { name: "Take payment" }).click();
  await expect(step.getByRole("alert")).toHaveText(
    `${formatMoney(tooMuch)} is more than the balance of ${formatMoney(rest)}.`,
  );
  await step.getByLabel("Amount ($)").fill(String(rest));
  await step.getByLabel("Tip ($, optional)").fill("5");
  await step.getByRole("button", { name: "Take payment" }).click();
  await expect(step.getByText("Paid in full")).toBeVisible();
  await expect(figure("Balance")).toHaveText("$0.00");
  await step.getByRole("link", { name: "Print receipt" }).click();

  // The receipt: the shop, the visit, its lines, the payments by method, the tip, paid and balance.
  await expect(page).toHaveURL(new RegExp(`/dashboard/receipt/${id}$`));
  const receipt = page.getByRole("article", { name: "Receipt" });
  await expect(receipt.getByRole("heading", { name: "Sparkle Auto Spa" })).toBeVisible();
  await expect(receipt).toContainText(id.slice(-8).toUpperCase());
  await expect(receipt).toContainText(name);
  await expect(receipt.getByRole("table", { name: "Items" }).getByRole("row").first()).toContainText("Full Detail");
  await expect(
    receipt
      .getByRole("term")
      .filter({ hasText: /^Total$/ })
      .locator("+ dd"),
  ).toHaveText(formatMoney(visit.total));
  const payments = receipt.getByRole("table", { name: "Payments" }).getByRole("row");
  await expect(payments).toHaveText([`Card (T-4242)$40.00`, `Cash${formatMoney(rest)}`, "Tip, thank you!$5.00"]);
  await expect(
    receipt
      .getByRole("term")
      .filter({ hasText: /^Paid$/ })
      .locator("+ dd"),
  ).toHaveText(formatMoney(visit.total + 5));
  await expect(
    receipt
      .getByRole("term")
      .filter({ hasText: /^Balance$/ })
      .locator("+ dd"),
  ).toHaveText("$0.00");

  // On paper: the receipt alone, no dashboard around it.
  const chrome = page.getByRole("button", { name: "Menu" });
  await expect(chrome).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(chrome).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // The manager's cash-up: today's takings, then the drawer counted a dollar short.
  const tablet = await browser.newContext({ baseURL, ...TABLET });
  const office = await tablet.newPage();
  await office.goto("/login");
  await logIn(office, manager.email, manager.password);
  await office.goto("/dashboard/cash-up");
  await expect(office.getByRole("heading", { level: 1, name: "Cash-up" })).toBeVisible();
  const takings = office.getByRole("region", { name: "The day's takings" });
  const expected = takings.getByRole("term").filter({ hasText: "Expected cash" }).locator("+ dd");
  await expect(expected).not.toHaveText("$0.00");
  const expectedCash = Number((await expected.innerText()).replace(/[$,]/g, ""));
  expect(expectedCash).toBeGreaterThanOrEqual(rest + 5);
  await expect(office.getByRole("table", { name: "The day's payments" })).toContainText("Card (T-4242)");
  const counted = Math.round((expectedCash - 1) * 100) / 100;
  const form = office.getByRole("form", { name: "Counted cash" });
  await waitForReact(form.getByRole("button", { name: "Save count" }));
  await form.getByLabel("Counted cash ($)").fill(String(counted));
  await form.getByRole("button", { name: "Save count" }).click();
  const count = office.getByRole("region", { name: "The count" });
  await expect(count).toContainText(`Expected${formatMoney(expectedCash)}`);
  await expect(count).toContainText(`Counted${formatMoney(counted)}`);
  await expect(count.getByText("Short by $1.00")).toBeVisible();
  await expect(office.getByRole("table", { name: "The drawer's counts of the day" })).toContainText("Short by $1.00");
  await tablet.close();
});
