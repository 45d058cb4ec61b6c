import { createUnsubscribeLinks } from "~/features/consent/consent-links.server";
import { E2E_AUTH_SECRET } from "../playwright.config";
import { expect, openDashboardNav, test, uniqueEmail } from "./fixtures";
import { waitForReact } from "./support";

/** Issue 28, part 4: the shop's own e-mails, stopped from the account or from an e-mail's link. */

test("a member stops service reminders in their account, and they stay stopped @cluster", async ({ page, member }) => {
  await page.goto("/dashboard");
  await (await openDashboardNav(page)).getByRole("link", { name: "E-mails from us" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "E-mails from us" })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  const reminders = page.getByRole("checkbox", { name: "Service reminders" });
  const reviews = page.getByRole("checkbox", { name: "Review requests" });
  await expect(reminders).toBeChecked();
  await expect(reminders).toHaveAccessibleDescription(/next oil change/);
  await expect(reviews).toBeChecked();
  await expect(page.getByText("Booking confirmations, changes and visit reminders always come")).toBeVisible();

  await waitForReact(reminders);
  await reminders.uncheck();
  await page.getByRole("button", { name: "Save choices" }).click();
  await expect(page.getByRole("status").getByText("Your e-mail choices were saved.")).toBeVisible();

  await page.reload();
  await expect(reminders).not.toBeChecked();
  await expect(reviews).toBeChecked();
  // A fresh account's address is not confirmed yet: only its owner, once confirmed, turns it back on.
  await expect(reminders).toBeDisabled();
  await expect(reminders).toHaveAccessibleDescription(/Confirm your e-mail address to turn these back on/);
});

test.describe("an e-mail's unsubscribe link, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("asks first, stops service reminders at one press, and undoes it @cluster", async ({ page, baseURL }) => {
    const email = uniqueEmail("unsubscriber");
    const url = createUnsubscribeLinks(E2E_AUTH_SECRET, baseURL!).url(email, "service-reminders");
    const question = page.getByRole("heading", { level: 1, name: "Stop service reminders for u•••@example.com?" });
    const done = page.getByRole("heading", { level: 1, name: "Done: you won't get service reminders any more." });

    const opened = await page.goto(url);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["cache-control"]).toBe("private, no-store");
    await expect(question).toBeVisible();
    // Opening it (as a mail scanner does) changed nothing.
    await page.reload();
    await expect(question).toBeVisible();

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(done).toBeVisible();
    await expect(page.getByText("Booking confirmations still come.")).toBeVisible();
    await expect(page).toHaveURL(url);

    await page.getByRole("button", { name: "Resubscribe" }).click();
    await expect(page.getByRole("status").getByText("Welcome back: you'll get service reminders again.")).toBeVisible();
    await expect(question).toBeVisible();
  });

  test("with a character changed is a friendly 404", async ({ page, baseURL }) => {
    const url = createUnsubscribeLinks(E2E_AUTH_SECRET, baseURL!).url(uniqueEmail("typo"), "review-requests");
    const changed = url.slice(0, -1) + (url.endsWith("A") ? "B" : "A");
    expect((await page.goto(changed))?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "This link doesn't work" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Your e-mail choices" })).toHaveAttribute(
      "href",
      "/dashboard/email-choices",
    );
  });
});
