import type { Page } from "@playwright/test";
import { buildBookingRequest, inDays } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { waitForReact } from "./support";

/** Screenshots for the report when SCREENSHOT_DIR is set (at 390, 820 and 1366 px). */
async function shoot(page: Page, region: ReturnType<Page["getByRole"]>) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await region.screenshot({ path: `${dir}/calendar-feed-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** A calendar app fetches the link with no cookie: the path is all it has. */
const fetchFeed = (page: Page, url: string) => page.request.get(new URL(url).pathname, { headers: { Cookie: "" } });

test("an admin subscribes a calendar to the shop's bookings, and a renewed link stops the old one", async ({
  page,
  request,
  admin: _,
}) => {
  const fullName = `Feed Customer ${uniqueTag()}`;
  // As a visitor (`request` carries no session).
  const booked = await request.post("/api/bookings", {
    data: buildBookingRequest({
      fullName,
      preferredTimeSlot: "Anytime",
      preferredDate: inDays(9),
      email: uniqueEmail("feed"),
    }),
  });
  expect(booked.status()).toBe(201);

  await page.goto("/dashboard/booking-settings");
  const section = page.getByRole("region", { name: "Your calendar" });
  const link = section.getByRole("textbox", { name: "Calendar link" });
  await waitForReact(link);
  const url = await link.inputValue();
  expect(url).toMatch(/\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(section.getByRole("link", { name: "Add to calendar" })).toHaveAttribute("href", /^webcal:\/\//);
  await shoot(page, section);

  const feed = await fetchFeed(page, url);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect((await feed.text()).replace(/\r\n /g, "")).toContain(fullName);

  await section.getByRole("button", { name: "Renew link" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Renew link" }).click();
  await expect(page.getByRole("status").getByText("Link renewed")).toBeVisible();
  await expect(link).not.toHaveValue(url);
  expect((await fetchFeed(page, url)).status()).toBe(404);
  expect((await fetchFeed(page, await link.inputValue())).status()).toBe(200);
});
