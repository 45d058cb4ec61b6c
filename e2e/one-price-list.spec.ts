import { expect, test, uniqueEmail } from "./fixtures";
import { chooseDayAndSlot, futureDate, waitForHydration } from "./support";

/**
 * The walk's first two majors replayed (issue 43, decision 048) on a phone and a tablet: a package
 * booked from its /pricing card books and names that package's own work, without the add-ons it
 * already includes; an oil change's oil is chosen and priced in the form's running total. (The
 * third, the arrival window, is replayed in reschedule.spec.ts.)
 */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
];

test("a package booked from /pricing books its own work, and an oil is priced, at 390 and 820 @desk", async ({
  page,
}) => {
  // Two bookings and two forms at two widths.
  test.setTimeout(90_000);
  for (const [i, viewport] of VIEWPORTS.entries()) {
    await page.setViewportSize(viewport);
    await page.goto("/pricing");
    await page.getByRole("link", { name: "Book A Slot: Platinum Full Detail" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Platinum Full Detail" })).toBeVisible();
    await waitForHydration(page);
    await page
      .getByRole("region", { name: "Book as a guest, or with your account" })
      .getByRole("link", { name: "Book as a guest" })
      .click();
    await expect(page).toHaveURL(/\/booking\?plan=/);

    // The package's own service, fixed; the add-ons it already includes are not sold with it.
    const form = page.getByRole("region", { name: "Book a Slot" });
    await expect(form.getByText("Full Detail: the service this package is for")).toBeVisible();
    await page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("SUV");
    const summary = page.getByRole("region", { name: "Your booking" });
    await expect(summary.getByRole("term").first()).toHaveText("Platinum Full Detail (Medium)");
    const addOns = page.getByRole("group", { name: "Add-ons" });
    await expect(addOns.getByRole("checkbox", { name: /Pet hair removal/ })).toBeVisible();
    await expect(addOns.getByRole("checkbox", { name: /Clay bar|Engine bay/ })).toHaveCount(0);
    // The package's price follows the vehicle, as the quote does (walk m9).
    await expect(page.getByRole("group", { name: "Package" })).toContainText("$229.99");

    // Days of this test's own: a 4 hr 30 min visit takes a place in three windows.
    await chooseDayAndSlot(page, futureDate(page, 47 + i), "09:00–11:00");
    await page.getByRole("textbox", { name: "Full Name", exact: true }).fill("Priya Card");
    await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 404-1200");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill(uniqueEmail(`card${viewport.width}`));
    await page.getByRole("button", { name: "Send booking request" }).click();
    await expect(page).toHaveURL(/\/booking\/manage\/[^/]+\?new=1$/);
    // The confirmation names the work booked, not another service.
    await expect(page.getByText(/^Platinum Full Detail on /)).toBeVisible();
    await expect(page.getByRole("region", { name: "Your visit" })).not.toContainText("Oil Change");

    // An oil change: the oil is chosen and priced on its own line.
    await page.goto("/booking?service=Oil%20Change#book");
    await waitForHydration(page);
    await page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("Car");
    const oil = page.getByRole("group", { name: "Oil" });
    await expect(oil.getByRole("radio", { name: /Conventional/ })).toBeChecked();
    await oil.getByRole("radio", { name: /Full synthetic/ }).check();
    await expect(summary).toContainText("Full synthetic oil");
    await expect(summary).toContainText("$79.99");
  }
});
