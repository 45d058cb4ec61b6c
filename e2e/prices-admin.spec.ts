import type { Page } from "@playwright/test";
import type { Plan } from "../app/features/plans/plans.schema";
import type { ServicePrice, SizeClasses } from "../app/features/pricing/pricing.schema";
import { expect, test, uniqueTag } from "./fixtures";
import { waitForReact } from "./support";

/*
 * Prices by the vehicle (issue 27), as an admin sets them and a visitor reads them. Both tests
 * change the catalogue every other test reads (a package's class table, the sizes' names, a
 * service's price), so they run first, alone, and put back what they changed.
 */

// The second renames a size the first reads by name: one after the other.
test.describe.configure({ mode: "serial" });

/** A change through the API as the signed-in admin's browser would send it. */
async function send(page: Page, origin: string, method: "PATCH" | "PUT", path: string, data: unknown) {
  const response = await page.request.fetch(path, { method, data, headers: { Origin: origin } });
  expect(response.status(), await response.text()).toBe(200);
}

test("an admin changes a package's Medium price in its class table; the pricing page shows it @shared-state", async ({
  page,
  admin: _,
  baseURL,
}) => {
  const plans = (await (await page.request.get("/api/plans?kind=packages&limit=200")).json()) as Plan[];
  const standard = plans.find((p) => p.name === "Signature Wash & Wax")!;
  await page.goto(`/dashboard/update-product/${standard._id}`);
  try {
    const medium = page.getByRole("textbox", { name: "Medium price" });
    await expect(medium).toHaveValue("59.99");
    await medium.fill("");
    // An empty cell takes the size's default, shown as its placeholder: the base plus 20 %.
    await expect(medium).toHaveAttribute("placeholder", "65.99");
    await medium.fill("61.5");
    const sent = page.waitForRequest((r) => r.method() === "PATCH" && r.url().includes("/api/plans/"));
    await page.getByRole("button", { name: "Save changes" }).click();
    expect((await sent).postDataJSON()).toEqual({
      classPrices: { medium: { price: 61.5, minutes: 70 }, large: { price: 64.99, minutes: 75 } },
    });
    await expect(page.getByRole("status").getByText("Plan updated successfully.")).toBeVisible();

    await page.goto("/pricing");
    const card = page.getByRole("region", { name: "Popular Packages" }).getByRole("article", { name: standard.name });
    await expect(card.getByText("From $54.99")).toBeVisible();
    await expect(card.getByRole("row", { name: /^Medium/ })).toContainText("$61.50");
    await expect(card.getByRole("row", { name: /^Large/ })).toContainText("$64.99");
  } finally {
    await send(page, baseURL!, "PATCH", `/api/plans/${standard._id}`, { classPrices: standard.classPrices });
  }
});

test("an admin renames a size, re-prices a single service and manages an add-on on the Prices page @shared-state", async ({
  page,
  admin: _,
  baseURL,
}) => {
  test.slow();
  const classes = (await (await page.request.get("/api/size-classes")).json()) as SizeClasses;
  const services = (await (await page.request.get("/api/service-prices")).json()) as ServicePrice[];
  const handWash = services.find((s) => s.serviceType === "Hand Wash")!;
  await page.goto("/dashboard/prices");
  await expect(page.getByRole("heading", { level: 1, name: "Prices" })).toBeVisible();
  try {
    // A size's new name is what the pricing page calls it.
    const sizes = page.getByRole("form", { name: "Vehicle sizes" });
    // Typed into the server's HTML before React runs the form, the name reached the option as
    // "MediumMid-size" (stop 53, a faster run): wait for React first.
    await waitForReact(sizes.getByRole("textbox", { name: "Name of size 2" }));
    await sizes.getByRole("textbox", { name: "Name of size 2" }).fill("Mid-size");
    await expect(sizes.getByRole("combobox", { name: "SUV is priced as" })).toHaveValue("medium");
    await expect(sizes.getByRole("combobox", { name: "SUV is priced as" }).locator("option:checked")).toHaveText(
      "Mid-size",
    );
    await sizes.getByRole("button", { name: "Save sizes" }).click();
    await expect(page.getByRole("status").getByText("Vehicle sizes updated")).toBeVisible();

    // A single service's Large price, typed in its row of the table.
    const table = page.getByRole("form", { name: "Single services" });
    await table.getByRole("textbox", { name: "Hand Wash: Large price" }).fill("36.5");
    await table.getByRole("textbox", { name: "Wax: base minutes" }).fill("2");
    await table.getByRole("button", { name: "Save service prices" }).click();
    await expect(table.getByText("Length must be whole minutes from 5 to 720")).toBeVisible();
    await table.getByRole("textbox", { name: "Wax: base minutes" }).fill("40");
    await table.getByRole("button", { name: "Save service prices" }).click();
    await expect(page.getByRole("status").getByText("New prices for Hand Wash.")).toBeVisible();

    await page.goto("/pricing");
    const card = page.getByRole("region", { name: "Popular Packages" }).getByRole("article").first();
    await expect(card.getByRole("row", { name: /^Mid-size/ })).toBeVisible();
    await page.goto("/services/hand-wash");
    const own = page.getByRole("table", { name: "Hand Wash on its own: price by vehicle size" });
    await expect(own.getByRole("row", { name: /^Large/ })).toContainText("$36.50");
    await expect(own.getByRole("row", { name: /^Mid-size/ })).toBeVisible();

    // An add-on: added in the dialog, offered on the forms, deactivated, then deleted.
    await page.goto("/dashboard/prices");
    const name = `Ceramic spray ${uniqueTag()}`;
    await page.getByRole("button", { name: "Add an add-on" }).click();
    const dialog = page.getByRole("dialog", { name: "Add an add-on" });
    await dialog.getByRole("button", { name: "Add add-on" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Price (USD)").fill("15");
    await dialog.getByLabel("Minutes it adds").fill("10");
    await expect(dialog.getByRole("textbox", { name: "Large price" })).toHaveAttribute("placeholder", "21.00");
    await dialog.getByRole("textbox", { name: "Large price" }).fill("20");
    await dialog.getByRole("checkbox", { name: "Wax", exact: true }).check();
    await dialog.getByRole("button", { name: "Add add-on" }).click();
    await expect(page.getByRole("status").getByText(`${name} is offered on the booking forms.`)).toBeVisible();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row).toContainText("Active");
    const bySize = row.getByRole("list", { name: `${name} by size` });
    await expect(bySize.getByRole("listitem")).toHaveText([/\$15 · 10 min/, /\$18 · 25 min/, /\$20 · 40 min/]);
    const offered = async () =>
      ((await (await page.request.get("/api/add-ons")).json()) as { name: string }[]).some((a) => a.name === name);
    expect(await offered()).toBe(true);

    await row.getByRole("button", { name: `Deactivate ${name}` }).click();
    await expect(row).toContainText("Inactive");
    expect(await offered()).toBe(false);

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await page
      .getByRole("dialog", { name: `Delete ${name}?` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").getByText(`${name} was deleted.`)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  } finally {
    await send(page, baseURL!, "PUT", "/api/size-classes", classes);
    const { price, minutes, classPrices } = handWash;
    await send(page, baseURL!, "PUT", "/api/service-prices/Hand%20Wash", { price, minutes, classPrices });
  }
});
