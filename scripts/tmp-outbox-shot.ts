import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "./chromium";
const base = "http://127.0.0.1:3700";
const origin = base;
const signIn = await fetch(`${base}/api/auth/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ email: "admin@example.com", password: "admin-demo-1234" }) });
const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]!);
const made = await fetch(`${base}/api/bookings`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ fullName: "Jamie Rivera", phone: "(555) 201-3344", email: "jamie.rivera@example.com", vehicleType: "SUV", serviceType: "Hand Wash", preferredDate: "2026-12-09", preferredTimeSlot: "11:00–13:00", specialInstructions: "Dog hair in the back" }) });
console.log("booking", made.status, await made.text());
const browser = await chromium.launch(chromiumLaunchOptions);
for (const width of [390, 1366]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill("admin@example.com");
  await page.getByLabel("Password", { exact: true }).fill("admin-demo-1234");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  await page.goto(`${base}/dashboard/outbox?to=jamie.rivera@example.com`);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `/tmp/shots/outbox-${width}.png`, fullPage: true });
  console.log(await page.getByRole("main").innerText().then((t) => t.slice(0, 1200)));
  await context.close();
}
await browser.close();
