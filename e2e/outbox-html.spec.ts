import { mkdirSync } from "node:fs";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, test, uniqueTag } from "./fixtures";
import { watchConsole } from "./support";

/**
 * Issue 26: the Outbox shows a message as the customer receives it, its HTML in a sandboxed frame
 * that loads under the site's Content-Security-Policy (no console error), with its plain text one
 * tap away.
 */
const SCREENS = "test-results/screens";

test("the Outbox shows a booking e-mail's HTML as sent, and its plain text on request", async ({
  page,
  admin: _,
  request,
}) => {
  const errors = watchConsole(page);
  const tag = uniqueTag();
  const email = `html-${tag}@example.com`;
  const data = buildBookingRequest({ fullName: `Casey ${tag}`, email, preferredDate: inDays(20) });
  const created = await request.post("/api/bookings", { data });
  expect(created.status()).toBe(201);
  const { insertedId } = (await created.json()) as { insertedId: string };

  await page.goto(`/dashboard/outbox?to=${encodeURIComponent(email)}`);
  const mail = page.getByRole("article", { name: /^We received your booking request – / });
  const frame = mail.getByTitle(/^We received your booking request – .* \(as the customer sees it\)$/).contentFrame();
  // The worker may not have passed yet: the frame is the message, whatever its delivery state.
  await expect(frame.getByText(`Hi Casey,`)).toBeVisible();
  await expect(frame.getByText("Thank you for choosing Sparkle Auto Spa.", { exact: false })).toBeVisible();
  await expect(frame.getByRole("link", { name: "Manage your booking", exact: true })).toHaveAttribute(
    "href",
    /\/booking\/manage\/[0-9a-f]{24}\./,
  );
  await expect(frame.getByRole("heading", { name: "When you arrive" })).toBeVisible();

  // The plain text is there too, behind "Plain text", and says no "button above".
  await expect(mail.getByText("Manage your booking: http", { exact: false })).toBeHidden();
  await mail.getByText("Plain text", { exact: true }).click();
  await expect(mail.getByText(/To reschedule or cancel, manage your booking \(http/)).toBeVisible();
  await expect(mail).not.toContainText("button above");

  mkdirSync(SCREENS, { recursive: true });
  await mail.getByText("Plain text", { exact: true }).click();
  await mail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/outbox-html-1366.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(frame.getByText(`Hi Casey,`)).toBeVisible();
  await mail.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/outbox-html-390.png` });

  // The team cancels it: the e-mail says who did, and its "Book again" is a link to the booking page.
  await page.setViewportSize({ width: 1366, height: 900 });
  const cancel = await page.request.patch(`/api/bookings/${insertedId}`, {
    data: { status: "cancelled" },
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await page.reload();
  const cancelled = page.getByRole("article", { name: /^We cancelled your booking – / });
  const cancelledFrame = cancelled.getByTitle(/^We cancelled your booking – /).contentFrame();
  await expect(cancelledFrame.getByRole("paragraph").filter({ hasText: "We cancelled your booking." })).toBeVisible();
  await expect(cancelledFrame.getByRole("link", { name: "Book again" })).toHaveAttribute("href", /\/booking$/);
  await cancelled.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENS}/outbox-html-cancelled-1366.png` });

  // The frame loaded under the page's policy: no CSP refusal, no error. Playwright's own probes
  // into the frame are refused by its sandbox (no scripts run there): the only messages allowed.
  const sandboxed = "Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed";
  expect(errors.filter((e) => !e.startsWith(sandboxed))).toEqual([]);
});
