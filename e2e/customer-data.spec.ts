import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { futureDate, readDownload, waitForReact } from "./support";

/** Issue 31 part 3: a customer's data in their hands (docs/decisions/036). */

test("a member downloads their data, then deletes their account and can no longer sign in", async ({
  page,
  member,
  baseURL,
}) => {
  const booked = await page.request.post("/api/bookings", {
    headers: { Origin: baseURL! },
    data: buildBookingRequest({
      fullName: member.name,
      email: member.email,
      preferredDate: futureDate(page, 52),
      preferredTimeSlot: "15:00–17:00",
    }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { insertedId } = (await booked.json()) as { insertedId: string };

  await page.goto("/dashboard");
  const yourData = page.getByRole("region", { name: "Your data" });
  await expect(yourData).toBeVisible();

  // The download: one JSON file of their account and their booking.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    yourData.getByRole("link", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^carwash-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readDownload(download)) as {
    account: { email: string };
    bookings: { _id: string; fullName: string; status: string }[];
  };
  expect(data.account.email).toBe(member.email);
  expect(data.bookings).toEqual([expect.objectContaining({ _id: insertedId, fullName: member.name })]);

  // Deleting: the dialog says what happens, and asks for the password.
  const remove = yourData.getByRole("button", { name: "Delete my account" });
  await waitForReact(remove);
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toContainText("Your upcoming bookings are cancelled");
  await expect(dialog).toContainText("without your name, phone, e-mail, plate or notes");
  await dialog.getByLabel("Your password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();

  await dialog.getByLabel("Your password").fill(member.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").getByText("Your account is deleted")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "LOGIN" })).toBeVisible();

  // Signing in again fails as any unknown sign-in does.
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Log in" })).toBeEnabled();
  await page.getByLabel("Email").fill(member.email);
  await page.getByLabel("Password", { exact: true }).fill(member.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("status").getByText("Login failed")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("an admin removes a guest's details from the booking's history, and a search for them finds nothing", async ({
  page,
  admin: _,
  request,
}) => {
  const name = `Gail ${uniqueTag()}`;
  const email = uniqueEmail("gail");
  const day = futureDate(page, 53);
  const booked = await request.post("/api/bookings", {
    data: buildBookingRequest({ fullName: name, email, preferredDate: day, preferredTimeSlot: "15:00–17:00" }),
  });
  expect(booked.status(), await booked.text()).toBe(201);

  await page.goto(`/dashboard/manageBooking/today?date=${day}`);
  const details = page.getByRole("button", { name: `Details of ${name}'s booking` }).first();
  await waitForReact(details);
  await details.click();
  const dialog = page.getByRole("dialog", { name: `Booking of ${name}` });
  await dialog.getByRole("button", { name: "Show history" }).click();
  const history = dialog.getByRole("region", { name: "Customer history" });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    history.getByRole("link", { name: "Download their data" }).click(),
  ]);
  expect(JSON.parse(await readDownload(download))).toMatchObject({ account: null, bookings: [{ email }] });

  await history.getByRole("button", { name: "Remove their details…" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove this customer's details?" });
  await expect(confirm).toContainText("without their name, phone, e-mail, plate or notes");
  await confirm.getByRole("button", { name: "Remove details" }).click();
  await expect(page.getByRole("status").getByText("Customer's details removed")).toBeVisible();
  // Said in place: the booking's dialog stays open under the confirmation that closed.
  await expect(confirm).toBeHidden();
  await expect(history).toContainText("This customer's details were removed at their request");

  await page.goto(`/dashboard/manageBooking?q=${encodeURIComponent(email)}`);
  await expect(page.getByText("No results found.")).toBeVisible();
});
