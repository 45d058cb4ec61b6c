import { expect, type Page, type TestInfo } from "@playwright/test";
import { isPhone, waitForHydration } from "./support";

export const DEMO_ADMIN = { email: "admin@example.com", password: "admin-demo-1234" };

/** An e-mail no other test (or the other viewport's run) uses. */
export function uniqueEmail(testInfo: TestInfo, name: string): string {
  return `${name}-${testInfo.project.name}-${Date.now()}@example.com`;
}

export async function logIn(page: Page, email: string, password: string) {
  // Forms accept typing once React runs them; their submit button says when.
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("Logged in successfully!")).toBeVisible();
}

export async function signUp(page: Page, name: string, email: string, password: string) {
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Create account" })).toBeEnabled();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").getByText("Account created successfully!")).toBeVisible();
}

/** The main navigation, opening the phone menu first when there is one. */
export async function openMainNav(page: Page) {
  if (isPhone(page)) {
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
  }
  return page.getByRole("navigation", { name: "Main" });
}
