import { TOTP } from "otpauth";
import { expect, openDashboardNav, test } from "./fixtures";
import { waitForReact } from "./support";

/**
 * Issue 45: a manager turns on two-factor sign-in, signs out, and signs in again with the code from
 * the app, then with a backup code.
 */
test("a manager turns on two-factor sign-in and signs in with a code @cluster", async ({
  page,
  context,
  newAccount,
}) => {
  const manager = await newAccount({ name: "Morgan Manager", role: "manager" });
  await context.addCookies(manager.cookies);
  await page.goto("/dashboard");
  await (await openDashboardNav(page)).getByRole("link", { name: "Two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is off" })).toBeVisible();

  const password = page.getByLabel("Your password");
  await waitForReact(password);
  await password.fill(manager.password);
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const backupCodes = await page.getByRole("list", { name: "Backup codes" }).getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  // The phone's app, set up with the key typed in (as someone who cannot scan does).
  const key = (await page.getByLabel("Setup key").inputValue()).replaceAll(" ", "");
  const app = new TOTP({ secret: key, digits: 6, period: 30 });
  await page.getByLabel("Code from your app").fill(app.generate());
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();

  const logOut = async () => {
    await (await openDashboardNav(page)).getByRole("button", { name: "Logout" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  };
  const givePassword = async () => {
    await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
    await page.getByLabel("Email").fill(manager.email);
    await page.getByLabel("Password", { exact: true }).fill(manager.password);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Enter your code" })).toBeVisible();
  };

  await logOut();
  await givePassword();
  // The password alone opened no session.
  expect(await (await page.request.get("/api/auth/get-session")).json()).toBeNull();
  const code = page.getByLabel("Code from your app");
  await code.fill(app.generate({ timestamp: Date.now() + 10 * 60_000 }));
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("That code is not right")).toBeVisible();
  await code.fill(app.generate());
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("Logged in successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();

  // A lost phone: a backup code instead, once.
  await logOut();
  await givePassword();
  await page.getByRole("button", { name: "Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]!);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("Logged in successfully!")).toBeVisible();
  await (await openDashboardNav(page)).getByRole("link", { name: "Signed-in devices" }).click();
  await expect(page.getByRole("listitem", { name: /, this device$/ })).toBeVisible();
});
