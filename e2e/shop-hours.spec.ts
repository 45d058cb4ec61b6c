import type { Page } from "@playwright/test";
import { dayAhead } from "../tests/factories";
import { expect, test } from "./fixtures";
import { dayChoice, slotChoice, waitForReact } from "./support";

/** Screenshots for the report when SCREENSHOT_DIR is set (at 390, 820 and 1366 px). */
async function shoot(page: Page, name: string, region: ReturnType<Page["getByRole"]>) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  for (const width of [390, 820, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    await region.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

/** A Saturday from three weeks ahead: a day of its own for this test. */
const saturday = () => dayAhead(21, [6]);

// Opening hours are read by every booking form: this runs with the shared-state tests and restores them.
test("an admin closes Saturdays at 5 PM and the booking form offers only what finishes by then @shared-state", async ({
  page,
  admin: _,
}) => {
  const before = await (await page.request.get("/api/booking-settings")).json();
  await page.goto("/dashboard/booking-settings");
  const form = page.getByRole("form", { name: "Opening hours and arrival windows" });
  const closes = form.getByLabel("Saturday closes");
  await waitForReact(closes);
  try {
    await closes.fill("07:00");
    await form.getByRole("button", { name: "Save hours" }).click();
    await expect(form.getByText("Closing time must be after opening time")).toBeVisible();
    await form.getByLabel("Window 1 from").fill("06:00");
    await form.getByRole("button", { name: "Save hours" }).click();
    await expect(form.getByText("The window must start within opening hours")).toBeVisible();
    await shoot(page, "settings-errors", form);
    await form.getByLabel("Window 1 from").fill("09:00");
    await closes.fill("17:00");
    await form.getByRole("button", { name: "Save hours" }).click();
    await expect(page.getByRole("status").getByText("Opening hours and arrival windows updated.")).toBeVisible();
    await shoot(page, "settings", page.getByRole("main"));

    await page.goto("/contact");
    await expect(page.getByRole("button", { name: "Send booking request" })).toBeEnabled();
    await page
      .getByRole("group", { name: "Service Type" })
      .getByRole("radio", { name: /^Hand Wash/ })
      .check();
    await (await dayChoice(page, saturday())).check();
    // A 30-minute wash arriving by 4:30 PM is done by 5; the 5–7 PM window is not offered.
    await expect(slotChoice(page, "15:00–16:30 (")).toBeEnabled();
    await expect(slotChoice(page, "17:00–19:00 (too late for this service)")).toBeDisabled();
    await expect(page.getByRole("contentinfo").getByText("Sat–Sun: 8 AM–5 PM")).toBeVisible();
    await shoot(page, "booking-times", page.getByRole("group", { name: "Preferred Time Slot" }));
  } finally {
    const { openingHours, arrivalWindows, leadMinutes, daysAhead } = before;
    const restore = {
      data: { openingHours, arrivalWindows, leadMinutes, daysAhead },
      headers: { Origin: new URL(page.url()).origin },
    };
    expect((await page.request.patch("/api/booking-settings", restore)).status()).toBe(200);
  }
});
