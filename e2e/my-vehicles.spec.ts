import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { waitForReact } from "./support";

const EMPTY = "No vehicles saved yet. Add one to book faster.";

const vehicleCards = (page: Page) => page.getByRole("list", { name: "Your vehicles" }).getByRole("listitem");

test("a member adds a vehicle, edits it and removes it", async ({ page, member: _ }) => {
  // From My Bookings, where a booking's vehicle is shown.
  await page.goto("/dashboard/my-bookings");
  await page.getByRole("main").getByRole("link", { name: "My Vehicles" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Vehicles" })).toBeVisible();
  await expect(page.getByText(EMPTY)).toBeVisible();

  // Add: only the type is required, and the form says so before anything is sent.
  const add = page.getByRole("button", { name: "Add a vehicle" });
  await waitForReact(add);
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Add a vehicle" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Year").fill("1975");
  await dialog.getByRole("button", { name: "Add vehicle" }).click();
  await expect(dialog.getByText("Select vehicle type")).toBeVisible();
  await expect(dialog.getByText("Year must be 1980 or newer")).toBeVisible();
  await dialog.getByLabel("Vehicle type").selectOption("SUV");
  await dialog.getByLabel("Year").fill("2019");
  await dialog.getByLabel("Make").fill("Honda");
  await dialog.getByLabel("Model").fill("CR-V");
  await dialog.getByLabel("Color").fill("Silver");
  await dialog.getByLabel("Plate").fill("abc-123");
  await dialog.getByLabel("Nickname").fill("Family car");
  await dialog.getByRole("button", { name: "Add vehicle" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").getByText("Vehicle added")).toBeVisible();

  const card = vehicleCards(page);
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { name: "Silver Honda CR-V" })).toBeVisible();
  await expect(card).toContainText("Family car");
  await expect(card).toContainText("SUV");
  await expect(card).toContainText("2019");
  await expect(card).toContainText("ABC-123");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Edit: the dialog starts from the vehicle's values; Save waits for a change.
  await card.getByRole("button", { name: "Edit Silver Honda CR-V" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Silver Honda CR-V" });
  await expect(edit.getByLabel("Make")).toHaveValue("Honda");
  await expect(edit.getByLabel("Vehicle type")).toHaveValue("SUV");
  await expect(edit.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await edit.getByLabel("Color").fill("Blue");
  await edit.getByLabel("Year").fill("2021");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("status").getByText("Saved")).toBeVisible();
  await expect(card.getByRole("heading", { name: "Blue Honda CR-V" })).toBeVisible();
  await expect(card).toContainText("2021");

  // Kept by the server, not only on screen.
  await page.reload();
  await expect(vehicleCards(page).getByRole("heading", { name: "Blue Honda CR-V" })).toBeVisible();
  await expect(vehicleCards(page)).toContainText("ABC-123");

  // Remove, after a confirmation; a change of mind keeps it.
  const remove = vehicleCards(page).getByRole("button", { name: "Remove Blue Honda CR-V" });
  await waitForReact(remove);
  await remove.click();
  const confirm = page.getByRole("dialog", { name: "Remove Blue Honda CR-V?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(vehicleCards(page)).toHaveCount(1);
  await remove.click();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByRole("list", { name: "Your vehicles" })).toHaveCount(0);
});
