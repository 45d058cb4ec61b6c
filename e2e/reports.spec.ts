import type { Page } from "@playwright/test";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, openDashboardNav, test, uniqueEmail, uniqueTag } from "./fixtures";
import { readDownload } from "./support";

/**
 * Reports (issue 30, part 1): the owner opens Reports, reads a figure, a chart and its table,
 * changes the range to a day of their own, and downloads that table as CSV. At the office's laptop
 * (1366 px): the dashboard's Menu below 1024 px is housekeeping.spec.ts's (@phone), and the page at
 * other widths and on paper is in the screenshots SCREENSHOT_DIR asks for.
 */
const width = 1366;

const money = (n: number) => n.toLocaleString("en-US", { style: "currency", currency: "USD" });
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/** Screenshots for the report when SCREENSHOT_DIR is set: the page at 390, 820 and 1366 px, and on paper. */
async function shoot(page: Page) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const width = page.viewportSize()!.width;
  for (const w of [390, 820, 1366]) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.screenshot({ path: `${dir}/reports-${w}.png`, fullPage: true });
  }
  await page.emulateMedia({ media: "print" });
  await page.screenshot({ path: `${dir}/reports-print.png`, fullPage: true });
  await page.pdf({ path: `${dir}/reports.pdf`, format: "Letter" });
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize({ width, height: 900 });
}

test(`the owner reads a range's report and downloads a table as CSV, at ${width} px`, async ({
  page,
  request,
  admin: _,
}) => {
  await page.setViewportSize({ width, height: 900 });
  // A visit of its own, on a day no other test books: 20 days of its own, past the customers
  // test's 120–159.
  const day = inDays(160 + Math.floor(Math.random() * 20));
  const fullName = `Report Customer ${uniqueTag()}`;
  const body = buildBookingRequest({ fullName, email: uniqueEmail("report"), preferredDate: day });
  const quoted = await request.post("/api/bookings/quote", { data: body });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const visit = (await quoted.json()) as { total: number };
  expect(visit.total).toBeGreaterThan(0);
  const booked = await request.post("/api/bookings", { data: body });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto("/dashboard");
  const nav = await openDashboardNav(page);
  await nav.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("link", { name: "This month" })).toHaveAttribute("aria-current", "page");
  // A figure, compared with the range before; a chart, and its numbers in a table.
  const figures = page.getByRole("region", { name: "Figures" });
  await expect(figures.getByText("Bookings requested")).toBeVisible();
  await expect(figures.getByText(/before: /).first()).toBeVisible();
  await expect(page.getByRole("img", { name: /^Revenue booked per day, / })).toBeVisible();
  await expect(page.getByRole("img", { name: /^Bay use by weekday and window/ })).toBeVisible();
  const perDay = page.getByRole("table", { name: "Bookings and revenue per day" });
  await expect(perDay.getByRole("columnheader", { name: "Revenue booked" })).toBeVisible();
  // A month of days scrolls in its frame, which the keyboard can reach and a screen reader names.
  const frame = page.getByRole("region", { name: "Table: Bookings and revenue per day" });
  await frame.focus();
  await expect(frame).toBeFocused();
  // The windows said as every page says a time, and only while the shop is open: "5–6 PM", not "17:00–19:00".
  const bayUse = page.getByRole("table", { name: "Places used of places offered" });
  await expect(bayUse.getByRole("columnheader")).toHaveText([
    "Weekday",
    "9–11 AM",
    "11 AM–1 PM",
    "1–3 PM",
    "3–5 PM",
    "5–6 PM",
  ]);
  await shoot(page);

  // The range: that one day.
  await page.getByLabel("From").fill(day);
  await page.getByLabel("To").fill(day);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
  await expect(page.getByRole("link", { name: "This month" })).not.toHaveAttribute("aria-current", "page");
  const row = perDay.getByRole("row", { name: new RegExp(`^${longDate(day)}`) });
  await expect(row.getByRole("cell")).toHaveText(["0", "1", money(visit.total), "$0.00", "$0.00"]);
  await expect(
    figures
      .getByRole("definition")
      .filter({ hasText: money(visit.total) })
      .first(),
  ).toBeVisible();
  const services = page.getByRole("table", { name: "Services: count and revenue" });
  await expect(services.getByRole("row", { name: /^Hand Wash/ }).getByRole("cell")).toHaveText([
    "1",
    money(visit.total),
  ]);

  // A vehicle class by its name, as Prices has it.
  const classes = page.getByRole("table", { name: "Vehicle classes: count and revenue" });
  await expect(classes.getByRole("rowheader")).toHaveText([/^(Small|Medium|Large)$/]);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "CSV of the days" }).first().click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-days-${day}-${day}.csv`);
  const csv = await readDownload(download);
  expect(csv.split("\r\n")).toEqual([
    "\uFEFFdate,bookings,visits,revenueBooked,revenueCompleted,takings,cancellations,noShows",
    `${day},0,1,${visit.total},0,0,0,0`,
    "",
  ]);
});
