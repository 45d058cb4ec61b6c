import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium";
import { buildBookingRequest, inDays } from "./tests/factories";

const URL_ = "http://127.0.0.1:4344";
const OUT = "/tmp/wl-shots";
const viewports = { phone: { width: 390, height: 844 }, tablet: { width: 820, height: 1180 }, desktop: { width: 1366, height: 768 } };
function saturdayFrom(days: number): string {
  for (let n = days; ; n++) if (new Date(`${inDays(n)}T12:00:00Z`).getUTCDay() === 6) return inDays(n);
}
const date = saturdayFrom(Number(process.env.DAYS ?? 30));
const browser = await chromium.launch(chromiumLaunchOptions);
const admin = await browser.newContext({ viewport: viewports.desktop });
const adminPage = await admin.newPage();
await adminPage.request.post(`${URL_}/api/auth/sign-in/email`, { data: { email: "admin@example.com", password: "admin-demo-1234" }, headers: { Origin: URL_ } });
const api = adminPage.request;
const ids: string[] = [];
for (let i = 1; i <= 3; i++) {
  const r = await api.post(`${URL_}/api/bookings`, { headers: { Origin: URL_ }, data: buildBookingRequest({ fullName: `Fleet Car ${i}`, email: `fleet${i}-${date}@example.com`, preferredDate: date, preferredTimeSlot: "11:00–13:00" }) });
  ids.push(((await r.json()) as { insertedId: string }).insertedId);
}
for (const [name, slots] of [["Avery Stone", ["11:00–13:00"]], ["Blake Moreno", ["11:00–13:00"]], ["Casey Lin", ["11:00–13:00"]]] as const) {
  const { preferredTimeSlot: _s, email: _e, ...body } = buildBookingRequest({ fullName: name, preferredDate: date, vehicleType: "SUV", serviceType: "Full Detail", preferredTimeSlot: "11:00–13:00" });
  const r = await api.post(`${URL_}/api/waitlist`, { headers: { Origin: URL_ }, data: { ...body, email: `${name.split(" ")[0]!.toLowerCase()}-${date}@example.com`, serviceType: "Hand Wash", vehicleType: "Car", slots } });
  console.log("join", r.status(), await r.text());
}
// Cancel one booking: the first entry gets an offer.
const c = await api.patch(`${URL_}/api/bookings/${ids[0]}`, { headers: { Origin: URL_ }, data: { status: "cancelled" } });
console.log("cancel", c.status());
// A fourth filling the freed place again? No: the offer holds it.
await adminPage.goto(`${URL_}/dashboard/outbox?to=${encodeURIComponent(`avery-${date}@example.com`)}`);
const mail = adminPage.getByRole("article", { name: /^A place freed up on / });
const offerUrl = await mail.getByTitle(/ \(as the customer sees it\)$/).contentFrame().getByRole("link", { name: "Book this place" }).getAttribute("href");
const leaveUrl = await mail.getByTitle(/ \(as the customer sees it\)$/).contentFrame().getByRole("link", { name: "Leave the waitlist" }).getAttribute("href");
console.log(offerUrl, leaveUrl);

async function shot(page: Page, name: string, full = false) {
  await page.screenshot({ path: `${OUT}/wl-${name}.png`, fullPage: full });
}
for (const [vp, viewport] of Object.entries(viewports)) {
  const ctx = await browser.newContext({ viewport, isMobile: vp === "phone", hasTouch: vp !== "desktop" });
  const page = await ctx.newPage();
  page.on("console", (m) => m.type() === "error" && console.log(`console error ${vp} ${page.url()}: ${m.text()}`));
  // The form's panel: fill the slot again (the cancelled place is held by the offer), so 11–1 is full.
  await page.goto(`${URL_}/booking`);
  await page.getByRole("button", { name: "Send booking request" }).waitFor();
  await page.waitForFunction(() => !(document.querySelector("button[type=submit]") as HTMLButtonElement)?.disabled);
  await page.getByRole("combobox", { name: "Vehicle Type", exact: true }).selectOption("Car");
  await page.getByRole("group", { name: "Service Type" }).getByRole("radio", { name: /^Hand Wash/ }).check();
  const days = Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${inDays(0)}T00:00:00Z`)) / 86_400_000);
  for (let k = 0; k < Math.floor(days / 14); k++) {
    await page.getByRole("button", { name: "Later dates →" }).click();
    await page.waitForTimeout(400);
  }
  await page.getByRole("group", { name: "Preferred Date" }).getByRole("radio", { name: new RegExp(`^${new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`))}`) }).check();
  const button = page.getByRole("button", { name: "Tell me if a place frees up" });
  await button.waitFor();
  await button.scrollIntoViewIfNeeded();
  await shot(page, `form-offer-${vp}`);
  await button.click();
  const panel = page.getByRole("region", { name: /^Waitlist for / });
  await panel.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -120));
  await shot(page, `form-panel-${vp}`);
  await page.getByRole("textbox", { name: "Full Name", exact: true }).fill(`Dana ${vp}`);
  await page.getByRole("textbox", { name: "Phone Number", exact: true }).fill("(555) 201-7788");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(`dana-${vp}-${date}@example.com`);
  await page.getByRole("button", { name: "Join the waitlist" }).click();
  const joined = page.getByRole("status").filter({ hasText: "You're on the waitlist for" }).last();
  await joined.waitFor();
  await joined.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollBy(0, -200));
  await shot(page, `form-joined-${vp}`);

  await page.goto(offerUrl!);
  await shot(page, `offer-${vp}`, true);
  await page.goto(leaveUrl!);
  await shot(page, `leave-${vp}`, true);
  await page.goto(`${URL_}/waitlist/offer/nonsense.token`);
  if (vp === "phone") await shot(page, `offer-bad-${vp}`);

  const actx = await browser.newContext({ viewport, isMobile: vp === "phone", hasTouch: vp !== "desktop" });
  await actx.request.post(`${URL_}/api/auth/sign-in/email`, { data: { email: "admin@example.com", password: "admin-demo-1234" }, headers: { Origin: URL_ } });
  const ap = await actx.newPage();
  ap.on("console", (m) => m.type() === "error" && console.log(`console error admin ${vp} ${ap.url()}: ${m.text()}`));
  await ap.goto(`${URL_}/dashboard/manageBooking/today?date=${date}`);
  await shot(ap, `board-${vp}`, true);
  await ap.goto(`${URL_}/dashboard/manageBooking?from=${date}&to=${date}`);
  await shot(ap, `daylist-${vp}`, true);
  await ap.getByRole("region", { name: "Waitlist" }).getByRole("button", { name: /^Offer a place to Blake/ }).click();
  await shot(ap, `offer-dialog-${vp}`);
  await ap.keyboard.press("Escape");
  await ap.goto(`${URL_}/dashboard/booking-settings`);
  await ap.getByLabel("Offer hold (minutes)").scrollIntoViewIfNeeded();
  await shot(ap, `settings-${vp}`);
  await actx.close();
  await ctx.close();
}
// The declined state and the offer page after booking.
const dctx = await browser.newContext({ viewport: viewports.phone, isMobile: true });
const dp = await dctx.newPage();
await dp.goto(offerUrl!);
await dp.getByRole("button", { name: "No thanks" }).click();
await dp.getByRole("heading", { name: "No thanks, noted" }).waitFor();
await shot(dp, "offer-declined-phone", true);
await dp.goto(leaveUrl!);
await shot(dp, "leave-after-decline-phone", true);
await browser.close();
