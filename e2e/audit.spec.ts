import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { futureDate, waitForReact } from "./support";
import { dayAndWindow } from "~/features/bookings/visit-text";

/**
 * Issue 31, part 4: a change one admin makes is in the record another admin reads, with who made
 * it: in the booking's History, and on Dashboard → Activity, filtered by that person.
 */
test("a booking's history shows a move made by another admin, and Activity lists it by person @cluster", async ({
  page,
  admin: _,
  newAccount,
  playwright,
  request,
  baseURL,
}) => {
  const tag = uniqueTag();
  const [from, to] = [futureDate(page, 35), futureDate(page, 36)];
  const fullName = `Audit ${tag}`;
  const made = await request.post("/api/bookings", {
    data: buildBookingRequest({ fullName, email: uniqueEmail("audit"), preferredDate: from }),
  });
  expect(made.status(), await made.text()).toBe(201);
  const { insertedId: id } = (await made.json()) as { insertedId: string };

  // Admin B moves it, from a session of their own.
  const other = await newAccount({ admin: true, name: `Bea ${tag}` });
  const asOther = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL! },
    storageState: { cookies: other.cookies, origins: [] },
  });
  const moved = await asOther.patch(`/api/bookings/${id}`, {
    data: { preferredDate: to, preferredTimeSlot: "13:00–15:00" },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  await asOther.dispose();
  const summary = `Moved from ${dayAndWindow(from, "09:00–11:00")} to ${dayAndWindow(to, "13:00–15:00")}`;

  // Admin A finds the booking and opens its details: the History says what B did.
  await page.goto(`/dashboard/manageBooking?q=${id.slice(-8).toUpperCase()}`);
  const row = page.getByRole("row").filter({ hasText: fullName });
  const details = row.getByRole("button", { name: /^Details/ });
  await waitForReact(details);
  await details.click();
  const dialog = page.getByRole("dialog", { name: `Booking of ${fullName}` });
  const history = dialog.getByRole("region", { name: "Booking history" });
  const move = history.getByRole("listitem").filter({ hasText: summary });
  await expect(move).toBeVisible();
  await expect(move).toContainText(`by Bea ${tag} (admin)`);
  // And the e-mails the booking sent, the server's.
  await expect(
    history
      .getByRole("listitem")
      .filter({ hasText: /^.*E-mail ".+" to audit-/ })
      .first(),
  ).toContainText("by the server");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  // Activity: the move is there; filtered by B, B's changes only; its link opens the booking.
  await page.goto("/dashboard/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  const list = page.getByRole("list", { name: "Changes, newest first" });
  await expect(list.getByRole("link", { name: summary })).toBeVisible();
  const person = page.getByLabel("Person");
  await waitForReact(person);
  await person.selectOption({ label: `Bea ${tag} (admin)` });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`actor=${other.id}`));
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem")).toContainText(`by Bea ${tag} (admin)`);
  // The row names the booking and whose it is.
  await expect(list.getByRole("listitem")).toContainText(`Booking #${id.slice(-8).toUpperCase()} (${fullName})`);
  await list.getByRole("link", { name: summary }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageBooking\\?open=${id}`));
  await expect(page.getByRole("dialog", { name: `Booking of ${fullName}` })).toBeVisible();
});
