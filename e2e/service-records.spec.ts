import type { APIRequestContext, Page } from "@playwright/test";
import { addMonths } from "~/features/follow-ups/follow-ups.schema";
import { dayText, nextDueText } from "~/features/follow-ups/service-record-text";
import { defaultSiteConfig } from "~/lib/site-config";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { readDownload, waitForReact } from "./support";

/**
 * Service records (issue 28): an admin records the oil change of a visit as it is collected, prints
 * its windshield sticker, and finds the vehicle on the Service Due list once its oil is due.
 */

/** A visitor's oil change for today ('Anytime': today's slots may have begun), in a Honda CR-V. */
async function oilChangeToday(request: APIRequestContext, fullName: string) {
  const body = buildBookingRequest({
    fullName,
    email: uniqueEmail("oil"),
    serviceType: "Oil Change",
    vehicleType: "SUV",
    vehicleMake: "Honda",
    vehicleModel: "CR-V",
    vehicleColor: "Silver",
    preferredDate: inDays(0),
    preferredTimeSlot: "Anytime",
  });
  const response = await request.post("/api/bookings", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { insertedId: string }).insertedId, ...body };
}

/** The admin's API call through the page's cookies, with the Origin the page's own fetch would send. */
async function adminCall(page: Page, method: "PATCH" | "PUT" | "POST", path: string, data: unknown) {
  const response = await page.request.fetch(path, {
    method,
    data,
    headers: { Origin: new URL(test.info().project.use.baseURL!).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Confirms a booking and moves its car through `stages`, through the admin's API. */
async function bringTo(page: Page, id: string, stages: string[]) {
  await adminCall(page, "PATCH", `/api/bookings/${id}`, { status: "confirmed" });
  for (const stage of stages) await adminCall(page, "PUT", `/api/bookings/${id}/stage`, { stage });
}

test("an admin records the oil change as the car is collected and prints its windshield sticker", async ({
  page,
  admin: _,
  request,
}) => {
  const name = `Dana ${uniqueTag()}`;
  const visit = await oilChangeToday(request, name);
  await bringTo(page, visit.id, ["checked-in", "in-progress", "ready"]);

  await page.goto("/dashboard/manageBooking/today");
  const card = page.getByRole("article", { name: new RegExp(`^${name},`) });
  const collected = card.getByRole("button", { name: `Collected ${name}` });
  await waitForReact(collected);
  await collected.click();
  // The till's payment step comes first (issue 46); the oil change's prompt follows it.
  const payment = page.getByRole("dialog", { name: `Payment: ${name}` });
  await payment.getByRole("button", { name: "Skip: collect unpaid" }).click();

  // The prompt asks for the odometer and the oil; a bad reading is refused where it was typed.
  const prompt = page.getByRole("dialog", { name: "Record the oil change" });
  await expect(prompt.getByText(`${name}'s Silver Honda CR-V is collected.`)).toBeVisible();
  await prompt.getByLabel("Odometer (miles)").fill("-5");
  await prompt.getByLabel("Oil used").selectOption({ label: "Full synthetic" });
  await prompt.getByRole("button", { name: "Save" }).click();
  await expect(prompt.getByText("Enter the odometer reading in miles")).toBeVisible();
  await prompt.getByLabel("Odometer (miles)").fill("38500");
  await prompt.getByRole("button", { name: "Save" }).click();

  const nextDate = addMonths(inDays(0), 6);
  const due = nextDueText({ nextDueDate: nextDate, nextDueMileage: 46_000 });
  const saved = page.getByRole("dialog", { name: "Oil change recorded" });
  await expect(saved.getByText(`Next oil change due: ${due}`)).toBeVisible();
  await expect(saved.getByText("Full synthetic at 38,500 miles")).toBeVisible();
  await saved.getByRole("button", { name: "Done" }).click();

  // The visit's dialog shows it too, with the way to the sticker.
  await card.getByRole("button", { name }).first().click();
  const details = page.getByRole("dialog", { name: `Booking of ${name}` });
  const section = details.getByRole("region", { name: "Service record" });
  await expect(section.getByText(`Next oil change due: ${due}`)).toBeVisible();
  await section.getByRole("link", { name: "Print windshield sticker" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Windshield sticker" })).toBeVisible();
  const sticker = page.getByRole("region", { name: "Windshield sticker" });
  for (const text of [
    "Next service",
    dayText(nextDate),
    "46,000 mi",
    "Full synthetic · 38,500 mi",
    defaultSiteConfig.name,
    defaultSiteConfig.phone,
  ])
    await expect(sticker.getByText(text)).toBeVisible();
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeVisible();

  // On paper only the label: no menu, no heading, no button; the label at its own size.
  await page.emulateMedia({ media: "print" });
  await expect(sticker).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Windshield sticker" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print", exact: true })).toBeHidden();
  await expect(page.getByRole("link", { name: "Service Due" })).toBeHidden();
  const box = (await sticker.boundingBox())!;
  // 50 mm at 96 px an inch: 189 px.
  expect(Math.round(box.width)).toBe(189);
  expect(Math.round(box.height)).toBe(189);
});

test("the Service Due list shows a vehicle once its oil is due, to call, e-mail or download @shared-state", async ({
  page,
  admin: _,
  request,
}) => {
  const tag = uniqueTag();
  const name = `Robin ${tag}`;
  const oil = `Trial oil ${tag}`;
  await page.goto("/dashboard/service-due");
  await expect(page.getByRole("heading", { level: 1, name: "Service Due" })).toBeVisible();

  // A short-lived oil: due a month after the change.
  const settings = page.getByRole("form", { name: "Oil types and reminders" });
  await waitForReact(settings.getByRole("button", { name: "Add an oil type" }));
  await settings.getByRole("button", { name: "Add an oil type" }).click();
  const names = settings.getByLabel("Name");
  await names.last().fill(oil);
  await settings.getByLabel("Months").last().fill("1");
  await settings.getByLabel("Miles").last().fill("1000");
  await settings.getByRole("button", { name: "Save oil types and reminders" }).click();
  await expect(page.getByRole("status").getByText("Oil types and reminders are saved.")).toBeVisible();

  const visit = await oilChangeToday(request, name);
  await bringTo(page, visit.id, ["checked-in", "collected"]);
  const oilId = `trial-oil-${tag}`;
  await adminCall(page, "POST", `/api/bookings/${visit.id}/service-record`, { odometer: 52_000, oilType: oilId });

  await page.goto("/dashboard/service-due?within=7");
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await page.getByRole("link", { name: "60 days" }).click();
  await expect(page.getByRole("link", { name: "60 days" })).toHaveAttribute("aria-current", "page");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("rowheader")).toHaveText("Silver Honda CR-V (SUV, 2019)");
  await expect(row).toContainText(dayText(addMonths(inDays(0), 1)));
  await expect(row).toContainText("53,000 miles");
  await expect(row.getByText("Due soon")).toBeVisible();
  await expect(row.getByRole("link", { name: `Call ${name}` })).toHaveAttribute("href", "tel:+15552013344");
  await expect(row.getByRole("link", { name: `E-mail ${name}` })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${visit.email!.replace(/[.+]/g, "\\$&")}\\?subject=`),
  );

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const csv = await readDownload(await download);
  expect(csv.split("\r\n")[0]).toBe(
    "\uFEFFDue date,Due mileage,State,Full name,Phone,Email,Vehicle,Plate,Last visit,Odometer at last visit,Oil",
  );
  expect(csv).toContain(`,53000,Due soon,${name},`);

  // The trial oil goes again; the record keeps its name.
  await settings.getByRole("button", { name: `Remove ${oil}` }).click();
  await settings.getByRole("button", { name: "Save oil types and reminders" }).click();
  await expect(settings.getByRole("button", { name: "Save oil types and reminders" })).toBeDisabled();
  await page.reload();
  await expect
    .poll(() => names.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
    .not.toContain(oil);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText(oil);
});
