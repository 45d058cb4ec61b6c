import { mkdirSync } from "node:fs";
import { expect, openDashboardNav, test, uniqueEmail } from "./fixtures";
import { waitForReact } from "./support";

/**
 * Issue 45: the owner invites a staff member on the Team page; the invitee opens the e-mailed link
 * on a phone, signs up with the invited address, comes back to the invitation and accepts it with
 * one tap; the page says they are staff now, and the owner's list says it was accepted.
 */
const SCREENS = "test-results/screens";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

test("an owner invites a staff member, who signs up on a phone and accepts @cluster", async ({
  page,
  admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  mkdirSync(SCREENS, { recursive: true });
  const email = uniqueEmail("new-staff");

  // The owner: Team, from the dashboard's menu; the form sends the invitation.
  await page.goto("/dashboard");
  await (await openDashboardNav(page)).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  const form = page.getByRole("form", { name: "Invite someone" });
  await waitForReact(form.getByRole("button", { name: "Send invitation" }));
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption({ label: "Staff" });
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status").getByText("Invitation sent")).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText(`by ${admin.name}`);
  await expect(row.getByRole("button", { name: `Withdraw the invitation of ${email}` })).toBeVisible();
  await page.screenshot({ path: `${SCREENS}/team-desktop.png`, fullPage: true });

  // The e-mail, as the Outbox shows what was sent: its button holds the link.
  await page.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole("article", { name: new RegExp(`^${admin.name} invited you to join .+ as staff$`) });
  const link = await mail
    .getByTitle(/ \(as the customer sees it\)$/)
    .contentFrame()
    .getByRole("link", { name: "Open the invitation" })
    .getAttribute("href");
  expect(link).toMatch(/\/invite\/[\w-]+\.[\w-]+$/);
  const invitePath = new URL(link!).pathname;

  // The invitee, on a phone: who invited whom as what, and the way to sign up with that address.
  const phone = await browser.newContext({ baseURL, ...PHONE });
  const invitee = await phone.newPage();
  await invitee.goto(invitePath);
  await expect(invitee.getByRole("heading", { level: 1, name: /^Join .+ as staff$/ })).toBeVisible();
  await expect(invitee.getByRole("region", { name: "The invitation" })).toContainText(
    `${admin.name} invited ${email} to join the team at`,
  );
  await invitee.screenshot({ path: `${SCREENS}/invite-phone-visitor.png`, fullPage: true });
  await invitee.getByRole("link", { name: "Sign up" }).click();
  await expect(invitee).toHaveURL(/\/signup\?redirectTo=%2Finvite%2F/);
  await expect(invitee.getByLabel("Email")).toHaveValue(email);
  await waitForReact(invitee.getByRole("button", { name: "Create account" }));
  await invitee.getByLabel("Name").fill("Sasha Staff");
  await invitee.getByLabel("Password", { exact: true }).fill("wash-and-wax-7");
  await invitee.getByRole("button", { name: "Create account" }).click();

  // Back on the invitation, signed in with the invited address: one tap.
  await expect(invitee).toHaveURL(new RegExp(`${invitePath}$`));
  const accept = invitee.getByRole("button", { name: "Accept and join as staff" });
  await waitForReact(accept);
  await accept.click();
  await expect(invitee.getByRole("heading", { level: 1, name: /^You're now staff at .+/ })).toBeVisible();
  await expect(invitee.getByRole("link", { name: "Open the dashboard" })).toBeVisible();
  await invitee.screenshot({ path: `${SCREENS}/invite-phone-accepted.png`, fullPage: true });
  const session = await invitee.request.get("/api/auth/get-session");
  const { user } = (await session.json()) as { user: { id: string; role: string } };
  expect(user.role).toBe("staff");
  await phone.close();

  // The link worked once; the owner's list says it was accepted.
  await page.goto("/dashboard/team");
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Accepted");
  const removed = await page.request.delete(`/api/user/${user.id}`, { headers: { Origin: baseURL! } });
  expect(removed.status()).toBe(200);
});
