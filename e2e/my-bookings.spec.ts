import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { friendlyDate } from "~/features/bookings/visit-text";
import { inDays } from "../tests/factories";
import { expect, logIn, test } from "./fixtures";
import { futureDate } from "./support";

/** The demo seed's member (server/seed/demo-data.ts): two visits to come and two past. Tests only read them. */
const DEMO_MEMBER = { email: "member@example.com", password: "member-demo-1234" };

/** Screenshots for a person to look at, when SCREENSHOT_DIR names where to put them. */
async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

const cardsOf = (page: Page, group: string) =>
  page.getByRole("region", { name: group, exact: true }).getByRole("listitem");

test("a member signs in to the home page, their dashboard starts with their next booking, and My Bookings lists visits to come, soonest first, before past ones, with nothing off-screen @layout", async ({
  page,
}) => {
  await page.goto("/login");
  await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
  // Members land where they were going (the site); admins land on today's board (e2e/manager-day.spec.ts).
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/dashboard");
  const nextBooking = page.getByRole("region", { name: "Your next booking" });
  await expect(nextBooking).toContainText(`${friendlyDate(inDays(3))}, 11 AM–1 PM`);
  await nextBooking.getByRole("link", { name: "See or change it in My Bookings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "My Bookings" })).toBeVisible();

  const upcoming = cardsOf(page, "Upcoming");
  const past = cardsOf(page, "Past");
  await expect(upcoming).toHaveCount(2);
  await expect(past).toHaveCount(2);
  await expect(upcoming.nth(0)).toContainText(friendlyDate(inDays(3)));
  await expect(upcoming.nth(1)).toContainText(friendlyDate(inDays(12)));
  await expect(past.nth(0)).toContainText(friendlyDate(inDays(-9)));
  await expect(past.nth(1)).toContainText(friendlyDate(inDays(-30)));
  const top = async (name: string) =>
    (await page.getByRole("heading", { level: 2, name, exact: true }).boundingBox())!.y;
  expect(await top("Upcoming")).toBeLessThan(await top("Past"));

  // The package chosen, friendly times, and the ways on from each visit.
  const next = upcoming.nth(0);
  await expect(next.getByRole("heading", { name: "Signature Wash & Wax" })).toBeVisible();
  await expect(next).toContainText("Arrive 11 AM–1 PM");
  // The member's own car by name, and what the visit costs, line by line.
  await expect(next).toContainText("Blue Toyota Camry (Car, 2021)");
  await expect(next.getByRole("term").filter({ hasText: "Signature Wash & Wax (Small)" })).toBeVisible();
  await expect(next.getByRole("term").filter({ hasText: "Total" })).toBeVisible();
  await expect(next.getByRole("link", { name: /^Manage/ })).toHaveAttribute(
    "href",
    /^\/booking\/manage\/[0-9a-f]{24}\./,
  );
  await expect(next.getByRole("link", { name: /^Book again/ })).toHaveAttribute(
    "href",
    /^\/booking\?plan=[0-9a-f]{24}&service=/,
  );
  await expect(past.nth(1).getByRole("link", { name: /^Book again/ })).toHaveAttribute(
    "href",
    "/booking?service=Interior+Clean&package=None",
  );

  // Nothing wider than the screen, and every card's status and details in view.
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  for (const card of await page
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: /^Details/ }) })
    .all()) {
    for (const part of [
      card.getByText(/^(Pending|Confirmed|Cancelled)$/),
      card.getByRole("button", { name: /^Details/ }),
    ]) {
      await expect(part).toBeVisible();
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(innerWidth);
    }
  }
  await screenshot(page, "my-bookings");
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await past
    .nth(0)
    .getByRole("button", { name: /^Details/ })
    .click();
  const dialog = page.getByRole("dialog", { name: "Booking details" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
});

test("a new account does not see a visitor's booking made with its address until it confirms the address @cluster", async ({
  page,
  context,
  newAccount,
  adminPage,
  playwright,
  baseURL,
}) => {
  test.slow();
  const account = await newAccount();
  // Someone books as a visitor with that address (the contact form's request).
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const booked = await visitor.post("/api/bookings", {
    data: {
      fullName: "Jamie Rivera",
      phone: "(555) 201-3344",
      email: account.email,
      vehicleType: "SUV",
      vehicleYear: "2019",
      serviceType: "Wax",
      preferredDate: futureDate(page, 35),
      preferredTimeSlot: "09:00–11:00",
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  await visitor.dispose();

  await context.addCookies(account.cookies);
  await page.goto("/dashboard/my-bookings");
  // The unverified page's layout and its empty state: the @layout test below.
  await expect(page.getByText(`No bookings found for ${account.email}.`)).toBeVisible();
  const notice = page.getByRole("region", { name: "Please confirm your e-mail address" });
  await notice.getByRole("button", { name: "Resend verification e-mail" }).click();
  await expect(notice.getByRole("status")).toHaveText(`Sent: check your inbox at ${account.email}.`);

  // A link that was altered (or has expired) says so, and the bookings stay out of sight.
  await page.goto("/api/auth/verify-email?token=not-a-token&callbackURL=/dashboard/my-bookings?verified=1");
  await expect(notice).toContainText("That link did not work");
  await expect(page.getByText(`No bookings found for ${account.email}.`)).toBeVisible();

  // The link from the sign-up's e-mail, as the outbox shows it to an admin.
  await adminPage.goto(`/dashboard/outbox?to=${encodeURIComponent(account.email)}`);
  const mail = adminPage.getByRole("article", { name: /^Confirm your e-mail address for / });
  // The sign-up may have sent more than one: each is opened to its plain text and its link.
  for (const plainText of await mail.getByText("Plain text", { exact: true }).all()) await plainText.click();
  const href = await mail
    .getByRole("link", { name: /\/api\/auth\/verify-email/ })
    .first()
    .getAttribute("href");
  const link = new URL(href!);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/dashboard\/my-bookings\?verified=1$/);
  await expect(page.getByRole("status").getByText("Your e-mail address is confirmed")).toBeVisible();
  await expect(cardsOf(page, "Upcoming")).toHaveCount(1);
  await expect(cardsOf(page, "Upcoming").getByRole("heading", { name: "Wax" })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await screenshot(page, "my-bookings-verified");

  // A new address is the account's only once the link sent to it is opened.
  await page.getByText("Change e-mail").click();
  const newEmail = `new-${account.email}`;
  await page.getByLabel("New e-mail address").fill(newEmail);
  await page.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(page.getByRole("status").getByText(`Check your inbox at ${newEmail}`)).toBeVisible();
  await screenshot(page, "my-bookings-change-email");
  await page.reload();
  await expect(page.getByText(`Your e-mail address is ${account.email}.`, { exact: false })).toBeAttached();
});

test("a new member's dashboard and My Bookings ask them to confirm their address and invite them to book, with nothing off-screen @layout", async ({
  page,
  member,
}) => {
  await page.goto("/dashboard/my-bookings");
  await expect(page.getByText(`No bookings found for ${member.email}.`)).toBeVisible();
  // Nothing booked yet: the way to book, not a dead end.
  await expect(page.getByRole("main").getByRole("link", { name: "Book a slot" })).toHaveAttribute("href", "/booking");
  const notice = page.getByRole("region", { name: "Please confirm your e-mail address" });
  await expect(notice.getByRole("button", { name: "Resend verification e-mail" })).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await screenshot(page, "my-bookings-unverified");
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

  await page.goto("/dashboard");
  // The verification link is not only My Bookings' business.
  await expect(page.getByRole("region", { name: "Please confirm your e-mail address" })).toContainText(
    `We sent a link to ${member.email}.`,
  );
  const next = page.getByRole("region", { name: "Your next booking" });
  await expect(next).toContainText("Nothing booked yet.");
  await next.getByRole("link", { name: "Book a slot" }).click();
  await expect(page).toHaveURL(/\/booking$/);
});
