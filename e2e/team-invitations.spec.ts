import { mkdirSync } from "node:fs";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, logIn, openDashboardNav, test, uniqueEmail, uniqueTag } from "./fixtures";
import { waitForReact } from "./support";

/**
 * Issue 45: the owner invites a staff member on the Team page; the invitee opens the e-mailed link
 * on a phone, signs up with the invited address, comes back to the invitation and accepts it with
 * one tap; the page says they are staff now, and the owner's list says it was accepted. Then, on
 * the counter's tablet, the new staff member runs a car through its stages and finds none of the
 * owner's or the manager's pages in the menu (app/lib/permissions.ts).
 */
const SCREENS = "test-results/screens";
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };

test("an owner invites a staff member, who accepts on a phone and runs a car on a tablet, without the owner's pages @cluster", async ({
  page,
  admin,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
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

  // The counter's tablet: today's car, from request to ready, by the new staff member.
  const car = `Tess ${uniqueTag()}`;
  const booked = await request.post("/api/bookings", {
    data: buildBookingRequest({
      fullName: car,
      email: uniqueEmail("car"),
      preferredDate: inDays(0),
      preferredTimeSlot: "Anytime",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const tablet = await browser.newContext({ baseURL, ...TABLET });
  const desk = await tablet.newPage();
  await desk.goto("/login");
  await logIn(desk, email, "wash-and-wax-7");
  await expect(desk.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
  const queue = desk.getByRole("region", { name: "Waiting for confirmation" });
  const more = queue.getByRole("button", { name: /^Show all \d+$/ });
  await waitForReact(queue.getByRole("button").first());
  if (await more.isVisible()) await more.click();
  await waitForReact(queue.getByRole("button", { name: `Confirm ${car}` }));
  await queue.getByRole("button", { name: `Confirm ${car}` }).click();
  await expect(desk.getByRole("status").getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(queue.getByRole("listitem").filter({ hasText: car })).toHaveCount(0);
  const card = desk.getByRole("article", { name: new RegExp(`^${car},`) });
  await card.getByRole("button", { name: `Check in ${car}` }).click();
  await expect(card.getByText("Checked in")).toBeVisible();
  await card.getByRole("button", { name: `Start work ${car}` }).click();
  await expect(card.getByText("In progress")).toBeVisible();
  await card.getByRole("button", { name: `Mark ready ${car}` }).click();
  await expect(card.getByText("Ready for pickup")).toBeVisible();
  // The menu holds the day's pages and the person's own, nothing of the shop's running or the owner's.
  const menu = await openDashboardNav(desk);
  for (const name of ["Today", "Bookings by Day", "Manage Bookings", "My Bookings"])
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  for (const name of ["Reports", "Prices", "Backups", "All Users", "Team", "Customers", "Activity", "Outbox"])
    await expect(menu.getByRole("link", { name, exact: true })).toHaveCount(0);
  await desk.screenshot({ path: `${SCREENS}/staff-menu-tablet.png`, fullPage: true });
  // Typed in by hand, the owner's page answers 403.
  expect((await desk.goto("/dashboard/backups"))?.status()).toBe(403);
  await tablet.close();

  // The link worked once; the owner's list says it was accepted.
  await page.goto("/dashboard/team");
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Accepted");
  const removed = await page.request.delete(`/api/user/${user.id}`, { headers: { Origin: baseURL! } });
  expect(removed.status()).toBe(200);
});
