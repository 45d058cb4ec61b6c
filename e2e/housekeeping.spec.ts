import { mkdirSync } from "node:fs";
import { expect, openDashboardNav, test } from "./fixtures";
import { waitForReact } from "./support";

/** Issue 14 part 7: making an admin a member again, and the dashboard's menu on a phone. (Hotels: catalogue-admin.spec.) */

const SCREENS = "test-results/screens";

test("an admin makes another admin a member after a confirmation, and is never offered it for themselves @cluster", async ({
  page,
  admin,
  newAccount,
  browser,
  baseURL,
}) => {
  const other = await newAccount({ name: "Dana Demoted", admin: true });
  await page.goto("/dashboard/allUsers");
  const search = page.getByRole("searchbox", { name: "Search users" });
  await waitForReact(search);

  await search.fill(admin.email);
  await page.getByRole("button", { name: "Search" }).click();
  const mine = page.getByRole("row", { name: new RegExp(admin.name) });
  await expect(mine.getByText("You can't change your own role: another administrator can.")).toBeVisible();
  await expect(mine.getByRole("combobox")).toHaveCount(0);

  await search.fill(other.email);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row", { name: /Dana Demoted/ });
  await expect(row).toHaveCount(1);
  const role = row.getByRole("combobox", { name: "Role of Dana Demoted" });
  const save = row.getByRole("button", { name: "Save the role of Dana Demoted" });
  await expect(role).toHaveValue("admin");
  await expect(save).toBeDisabled();
  const dialog = page.getByRole("dialog", { name: "Make Dana Demoted a member?" });
  // Cancelled first: nothing changes.
  await role.selectOption("member");
  await save.click();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(role).toHaveValue("admin");

  await waitForReact(role);
  await role.selectOption("member");
  await save.click();
  await dialog.getByRole("button", { name: "Make member" }).click();
  await expect(page.getByRole("status").getByText("Dana Demoted is now a member.")).toBeVisible();
  await expect(role).toHaveValue("member");
  await expect(save).toBeDisabled();

  // Their next page is a member's.
  const theirs = await browser.newContext({ baseURL });
  await theirs.addCookies(other.cookies);
  const response = await (await theirs.newPage()).goto("/dashboard/allUsers");
  expect(response?.status()).toBe(403);
  await theirs.close();
});

test("on a phone the dashboard's links open from a Menu button and close on navigation @phone", async ({
  page,
  admin: _,
}) => {
  await page.goto("/dashboard/hotels");
  const menu = page.getByRole("button", { name: "Menu", exact: true });
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(nav).toBeHidden();
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/phone-menu-closed.png` });

  await openDashboardNav(page);
  await expect(nav).toBeVisible();
  await expect(menu).toHaveAttribute("aria-controls", (await nav.getAttribute("id"))!);
  await expect(nav.getByRole("link")).toHaveCount(27);
  await expect(nav.getByRole("link").first()).toHaveText("Today");
  await expect(nav.getByRole("link", { name: "Hotels" })).toHaveAttribute("aria-current", "page");
  await page.screenshot({ path: `${SCREENS}/phone-menu-open.png` });

  await nav.getByRole("link", { name: "All Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All Users" })).toBeVisible();
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");

  // Escape closes it too, back on the button.
  await menu.click();
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: "Outbox" }).focus();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expect(menu).toBeFocused();
});
