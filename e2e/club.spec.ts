import type { Browser, Page } from "@playwright/test";
import { inDays, weekdayOf } from "../tests/factories";
import { expect, logIn, test, uniqueTag, type Account } from "./fixtures";
import { dayChoice, firstFreeSlot, waitForReact } from "./support";

/**
 * Issue 47, the Wash Club at the counter and on the member's phone (@desk: it sets its own
 * viewports): a manager adds "Unlimited Exterior" (Hand Wash); the desk sells it to a walk-in on its
 * tablet; the member books a Hand Wash with a paid add-on on their phone and pays only the add-on;
 * the bay board marks the visit "Club". Its booking day is its own: 19, 21 or 22 days ahead (a
 * weekday), which no other spec books, within the membership's month.
 */
const TABLET = { viewport: { width: 820, height: 1180 }, hasTouch: true };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const DAY = [19, 21, 22].map((d) => inDays(d)).find((d) => ![0, 6].includes(weekdayOf(d)))!;

async function signedIn(browser: Browser, baseURL: string, account: Account, device: object): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...device });
  await context.addCookies(account.cookies);
  return context.newPage();
}

test.use(TABLET);

test("a manager adds a plan, the desk sells it, and the member's Hand Wash is covered @desk", async ({
  page,
  browser,
  baseURL,
  newAccount,
  demoAdminApi,
}) => {
  test.slow();
  const tag = uniqueTag();
  const [manager, staff, member] = [
    await newAccount({ role: "manager" }),
    await newAccount({ role: "staff" }),
    await newAccount({ name: `Clara ${tag}` }),
  ];
  const origin = { Origin: baseURL! };

  // The manager adds the plan on the Wash Club page (its id: the one new on sale); then an add-on
  // of this test's own for a Hand Wash ($5 for a car).
  const onSale = async () =>
    ((await (await page.request.get("/api/membership-plans")).json()) as { _id: string; name: string }[])
      .filter((p) => p.name === "Unlimited Exterior")
      .map((p) => p._id);
  const before = await onSale();
  const office = await signedIn(browser, baseURL!, manager, TABLET);
  await office.goto("/dashboard/club");
  const add = office.getByRole("form", { name: "Add a plan" });
  await waitForReact(add.getByRole("button", { name: "Add plan" }));
  await add.getByLabel("Name").fill("Unlimited Exterior");
  await add.getByLabel("Price ($)").fill("29.99");
  await add.getByRole("radio", { name: "Unlimited" }).check();
  await add.getByLabel("Period").selectOption("month");
  await add.getByRole("checkbox", { name: "Hand Wash" }).check();
  await add.getByRole("button", { name: "Add plan" }).click();
  await expect(
    office.getByRole("list", { name: "Plans" }).getByRole("listitem", { name: "Unlimited Exterior" }).first(),
  ).toContainText("$29.99 a month");
  let planId = "";
  await expect.poll(async () => (planId = (await onSale()).find((id) => !before.includes(id)) ?? "")).not.toBe("");
  const addOnName = `Tire shine ${tag}`;
  const addOn = await office.request.post("/api/add-ons", {
    headers: origin,
    data: { name: addOnName, description: "Glossy tires.", price: 5, minutes: 10, serviceTypes: ["Hand Wash"] },
  });
  expect(addOn.status(), await addOn.text()).toBe(201);
  await office.context().close();

  // The desk, on its tablet: the plan's price is shown, not typed; the card's number answers.
  await page.goto("/login");
  await logIn(page, staff.email, staff.password);
  await page.goto("/dashboard");
  const sellButton = page.getByRole("button", { name: "Sell a Wash Club membership" });
  await waitForReact(sellButton);
  await sellButton.click();
  const sale = page.getByRole("form", { name: "Sell a Wash Club membership" });
  await sale.getByLabel("Plan").selectOption(planId);
  await expect(sale.getByText("To pay: $29.99")).toBeVisible();
  await sale.getByLabel("Full name").fill(member.name);
  await sale.getByLabel("E-mail").fill(member.email);
  await sale.getByRole("radio", { name: "Card", exact: true }).check();
  await sale.getByRole("button", { name: "Sell membership" }).click();
  const sold = page.getByRole("status").filter({ hasText: `Unlimited Exterior sold to ${member.name}` });
  await expect(sold).toContainText(/Card number\s*WC-?[0-9A-Z-]+/i);
  await expect(sold).toContainText("Valid until");
  const number = (await sold.innerText()).match(/Card number\s*(\S+)/)![1]!;

  // The member confirms their e-mail (the cover goes by a verified address), then books on their phone.
  const verification = await demoAdminApi.get(`/api/outbox?to=${encodeURIComponent(member.email)}`);
  const mails = (await verification.json()) as { text: string }[];
  const link = mails.map((m) => m.text.match(/https?:\/\/\S+\/api\/auth\/verify-email\S+/)?.[0]).find(Boolean);
  expect(link, "the sign-up's verification e-mail").toBeTruthy();
  const phone = await (await browser.newContext({ baseURL, ...PHONE })).newPage();
  await phone.goto("/login");
  await logIn(phone, member.email, member.password);
  const url = new URL(link!);
  await phone.goto(url.pathname + url.search);
  await phone.goto("/booking");
  await expect(phone.getByRole("button", { name: /Send booking request|Confirm Booking/ })).toBeEnabled();
  // The account's name is filled in for them; the phone is theirs to type once it is.
  await expect(phone.getByRole("textbox", { name: "Full Name", exact: true })).toHaveValue(member.name);
  await phone.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 301-4455");
  await phone.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("Car");
  await phone
    .getByRole("group", { name: "Service Type" })
    .getByRole("radio", { name: /^Hand Wash/ })
    .check();
  await phone
    .getByRole("group", { name: "Add-ons" })
    .getByRole("checkbox", { name: new RegExp(`^${addOnName}`) })
    .check();
  await (await dayChoice(phone, DAY)).check();
  await firstFreeSlot(phone).check();
  const summary = phone.getByRole("region", { name: "Your booking" });
  await expect(summary.getByRole("term").filter({ hasText: "Wash Club (Unlimited Exterior): covered" })).toBeVisible();
  await expect(summary.getByRole("term")).toHaveText([
    /^Hand Wash/,
    addOnName,
    "Wash Club (Unlimited Exterior): covered",
    "Total",
  ]);
  await expect(summary.getByRole("definition").last()).toHaveText("$5");
  await phone.getByRole("button", { name: /Send booking request|Confirm Booking/ }).click();
  await expect(phone).toHaveURL(/\/booking\/manage\/[^/]+\?new=1$/);
  // Their card on their dashboard: the number and its QR code, for the counter.
  await phone.goto("/dashboard");
  const clubCard = phone.getByRole("region", { name: "Wash Club card" });
  await expect(clubCard.getByRole("listitem", { name: `Unlimited Exterior, ${number}` })).toContainText("Active");
  await expect(clubCard.getByRole("img", { name: `QR code of card ${number}` })).toBeVisible();
  await phone.context().close();

  // The bay board for that day marks the visit as the club's.
  await page.goto(`/dashboard/manageBooking/today?date=${DAY}`);
  const card = page.getByRole("article", { name: new RegExp(`^${member.name},`) });
  await expect(card.getByText("Club", { exact: true })).toBeVisible();
});
