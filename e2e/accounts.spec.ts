import type { Page } from "@playwright/test";
import { expect, logIn, openDashboardNav, openMainNav, test, uniqueEmail, type Account } from "./fixtures";
import { waitForReact } from "./support";

// Signing up and logging in through the forms are tested here (and the new password below); other tests take accounts from fixtures.
test("sign up (told what is wrong first), log out from the footer, log in again and return to the page you came from, change the display name, and a lost session sends them to log in @cluster", async ({
  page,
  newAccount,
}) => {
  const registered = await newAccount();
  const email = uniqueEmail("casey");
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Create account" })).toBeEnabled();
  // Sign-up explains what is wrong.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("123");
  await page.getByLabel("Name").fill("Pat");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters.")).toBeVisible();
  await page.getByLabel("Email").fill(registered.email);
  await page.getByLabel("Password", { exact: true }).fill("123456");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").getByText("This email is already registered.")).toBeVisible();
  // Said in place too, with the ways on: log in, or reset the password of that address.
  const registeredAlert = page.getByRole("alert").filter({ hasText: "This email is already registered" });
  await expect(registeredAlert.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  await expect(registeredAlert.getByRole("link", { name: "Reset your password" })).toHaveAttribute(
    "href",
    `/forgot-password?email=${encodeURIComponent(registered.email)}`,
  );

  await page.getByLabel("Name").fill("Casey Driver");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("clean-car-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status").getByText("Account created successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  // Where they land, the one thing left to do: open the link sent to their address.
  const checkMail = page.getByRole("status").filter({ hasText: "Check your e-mail" });
  await expect(checkMail).toContainText(`We sent a link to ${email}.`);
  const nav = await openMainNav(page);
  await expect(nav.getByRole("link", { name: "DASHBOARD" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "LOGIN" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  const footerLogout = page.getByRole("contentinfo").getByRole("button", { name: "Logout" });
  await footerLogout.click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto("/pricing");
  await (await openMainNav(page)).getByRole("link", { name: "LOGIN" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpricing$/);
  // The sign-in pages stand without the site's header and footer.
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("Login failed")).toBeVisible();

  await page.getByLabel("Password", { exact: true }).fill("clean-car-1");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect((await openMainNav(page)).getByRole("link", { name: "DASHBOARD" })).toBeVisible();

  // A member changes their display name.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Casey Driver" })).toBeVisible();
  await waitForReact(page.getByLabel("Display name"));
  await page.getByLabel("Display name").fill("New Name");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status").getByText("Saved")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Hello, New Name" })).toBeVisible();

  // The session ends elsewhere (here: its cookie is dropped); the next call answers 401.
  await page.context().clearCookies();
  await page.getByLabel("Display name").fill("Newer Name");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
});

test("the header is right in the server's HTML, before any script runs, and that page is never stored by caches @cluster", async ({
  request,
  newAccount,
}) => {
  const { email, password } = await newAccount();
  const visitor = await request.get("/pricing");
  expect(visitor.headers()["cache-control"]).toBe("public, max-age=0, must-revalidate");
  const visitorHtml = await visitor.text();
  expect(visitorHtml).toContain(">LOGIN<");
  expect(visitorHtml).not.toContain(">DASHBOARD<");

  const signIn = await request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: new URL(visitor.url()).origin },
  });
  expect(signIn.ok()).toBe(true);
  const member = await request.get("/pricing");
  expect(member.headers()["cache-control"]).toBe("private, no-store");
  const html = await member.text();
  expect(html).toContain(">DASHBOARD<");
  expect(html).toContain(">LOGOUT<");
  expect(html).not.toContain(">LOGIN<");
});

test("forgot password through to signing in with the new password @cluster", async ({
  page,
  newAccount,
  adminPage,
}) => {
  const { email } = await newAccount();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();

  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Forgot password?" }).click();
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  const link = await resetLinkFromOutbox(adminPage, email);
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New password", { exact: true }).fill("new-password-9");
  await page.getByLabel("Repeat new password").fill("new-password-9");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, "new-password-9");
  await expect(page).toHaveURL(/\/$/);

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link has expired" })).toBeVisible();
});

/** An admin reads the reset e-mail in the dashboard's Outbox, as the business would. */
async function resetLinkFromOutbox(admin: Page, email: string): Promise<string> {
  await admin.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
  const mail = admin.getByRole("article", { name: /Reset your .* password/ }).first();
  await expect(mail).toContainText(`To ${email}`);
  await mail.getByText("Plain text", { exact: true }).click();
  return (await mail.getByRole("link").first().getAttribute("href"))!;
}

test("visitors and members are kept out of admin pages; a promoted member sees the admin links, cannot delete their own account, and deletes another after a confirmation @cluster", async ({
  page,
  newAccount,
  adminPage,
}) => {
  // Three accounts, every admin page as each, a deletion and the desk's links: about 30 s in CI.
  await page.goto("/dashboard/allUsers");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2FallUsers$/);

  const member = await newAccount({ name: "Morgan Promoted" });
  await page.context().addCookies(member.cookies);
  const response = await page.goto("/dashboard/allUsers");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "You don't have access to this page" })).toBeVisible();
  await page.goto("/dashboard");
  const sidebar = await openDashboardNav(page);
  // A member's dashboard first; Home, the site's home page, last and set apart (specification §2).
  await expect(sidebar.getByRole("link")).toHaveText([
    "Dashboard",
    "My Bookings",
    "My Vehicles",
    "E-mails from us",
    "Two-factor sign-in",
    "Signed-in devices",
    "Home",
  ]);
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(sidebar.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");

  await promote(adminPage, member);

  await page.reload();
  await openDashboardNav(page);
  // The desk first; Home (the site's home page) last, a link of its own.
  await expect(sidebar.getByRole("link")).toHaveText([
    "Today",
    "Bookings by Day",
    "Manage Bookings",
    "Service Due",
    "Cash-up",
    "Reports",
    "Customers",
    "Add Packages",
    "Manage Plans",
    "Prices",
    "Wash Club",
    "Add Hotel",
    "Hotels",
    "Booking Settings",
    "Reviews",
    "All Users",
    "Team",
    "Outbox",
    "Backups",
    "Security Settings",
    "Activity",
    "My Bookings",
    "My Vehicles",
    "E-mails from us",
    "Two-factor sign-in",
    "Signed-in devices",
    "Home",
  ]);
  await sidebar.getByRole("link", { name: "All Users" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All Users" })).toBeVisible();

  // Their own account cannot be deleted; another is, after a confirmation.
  const leaving = await newAccount({ name: "Leaving Lee" });
  const search = page.getByRole("searchbox", { name: "Search users" });
  await waitForReact(search);
  await search.fill(member.email);
  await page.getByRole("button", { name: "Search" }).click();
  const me = page.getByRole("row", { name: new RegExp(member.name) });
  await expect(me.getByRole("button", { name: `Delete ${member.name}` })).toHaveAttribute("aria-disabled", "true");
  await expect(me.getByRole("button", { name: `Delete ${member.name}` })).toHaveAccessibleName(
    /You can't delete your own account/,
  );
  await search.fill(leaving.email);
  await page.getByRole("button", { name: "Search" }).click();
  await page
    .getByRole("row", { name: /Leaving Lee/ })
    .getByRole("button", { name: /Delete Leaving Lee/ })
    .click();
  await page.getByRole("dialog", { name: "Delete Leaving Lee?" }).getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").getByText("Deleted!")).toBeVisible();
  await expect(page.getByText("No results found.")).toBeVisible();

  // From any screen, the desk is one tap away: the menu's first link, or the logo.
  await (await openDashboardNav(page)).getByRole("link", { name: "Today" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await page.goto("/dashboard/outbox");
  await page.getByRole("link", { name: "Sparkle Auto Spa" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  await (await openDashboardNav(page)).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

async function promote(admin: Page, member: Account) {
  await admin.goto("/dashboard/allUsers");
  await waitForReact(admin.getByRole("searchbox", { name: "Search users" }));
  await admin.getByRole("searchbox", { name: "Search users" }).fill(member.email);
  await admin.getByRole("button", { name: "Search" }).click();
  const row = admin.getByRole("row", { name: member.name });
  await expect(row).toHaveCount(1);
  await row.getByRole("combobox", { name: `Role of ${member.name}` }).selectOption("admin");
  await row.getByRole("button", { name: `Save the role of ${member.name}` }).click();
  const dialog = admin.getByRole("dialog", { name: `Make ${member.name} an administrator?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Make admin" }).click();
  await expect(admin.getByRole("status").getByText("Updated!")).toBeVisible();
  // The row shows the saved role, and nothing left to save.
  await expect(row.getByRole("combobox", { name: `Role of ${member.name}` })).toHaveValue("admin");
  await expect(row.getByRole("button", { name: `Save the role of ${member.name}` })).toBeDisabled();
}
