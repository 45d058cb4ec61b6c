import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { formatPrice } from "~/lib/money";
import { defaultSiteConfig } from "~/lib/site-config";
import { buildBookingRequest, inDays, type BookingRequestBody } from "../tests/factories";
import { expect, logIn, test, uniqueEmail, uniqueTag } from "./fixtures";
import { futureDate, waitForReact } from "./support";

/**
 * The manager's day at the counter, on a laptop (1366 px) and a tablet (820 px, touch): landing on
 * today, confirming, moving, checking in, "ready for pickup", the customer's history, the run sheet.
 * Each viewport acts on customers and days of its own; what no width changes, the laptop's only. Not at phone width (@desk): the counter's
 * screens are a laptop and a tablet.
 */
const SCREENS = "test-results/screens";

/** A visitor's request through the contact form's API; returns the booking's id. */
async function visitorBooks(request: APIRequestContext, booking: Partial<BookingRequestBody>) {
  const body = buildBookingRequest({ email: uniqueEmail("desk"), ...booking });
  const response = await request.post("/api/bookings", { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

/** `date`, or the next day after it that is not a Sunday (open until 6 PM, so its last slot takes cars). */
function notSunday(date: string): string {
  const day = new Date(`${date}T12:00:00Z`);
  if (day.getUTCDay() === 0) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** A card on the board (or in the Anytime column), by its customer's name. */
const card = (page: Page, name: string) => page.getByRole("article", { name: new RegExp(`^${name},`) });

// The run through two processes takes the laptop's (@cluster: desktop width only).
for (const device of [
  { name: "laptop", viewport: { width: 1366, height: 900 }, hasTouch: false, offset: 60, cluster: " @cluster" },
  { name: "tablet", viewport: { width: 820, height: 1180 }, hasTouch: true, offset: 62, cluster: "" },
]) {
  test.describe(`the manager's day on a ${device.name} @desk`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch });

    test(`an admin signs in, lands on today, gives yesterday's visit its outcome, confirms a request in one tap and works a car through to ready${device.cluster}`, async ({
      page,
      newAccount,
      request,
      baseURL,
    }) => {
      // Sign-in, a loose end, the queue and a car's whole morning: on this shared machine it takes its time.
      test.slow();
      const admin = await newAccount({ admin: true });
      const tag = uniqueTag();
      const [waiting, arriving] = [`Quinn ${tag}`, `Robin ${tag}`];
      // Within the queue's soonest few: other tests' requests wait two weeks out and later.
      const soon = inDays(device.name === "laptop" ? 8 : 9);
      await visitorBooks(request, { fullName: waiting, preferredDate: soon, preferredTimeSlot: "09:00–11:00" });
      // Two more requests that day: the queue holds more than it shows at first.
      for (const slot of ["11:00–13:00", "13:00–15:00"])
        await visitorBooks(request, { fullName: `Other ${tag}`, preferredDate: soon, preferredTimeSlot: slot });
      // Yesterday's visit, never checked in, collected nor marked a no-show: booked, then moved back there.
      const missed = `Pia ${tag}`;
      const missedId = await visitorBooks(request, {
        fullName: missed,
        preferredDate: soon,
        preferredTimeSlot: "15:00–17:00",
      });
      const arrivingEmail = uniqueEmail("arriving");
      // Today's car: an Anytime request (today's slots may have begun), confirmed by the admin below.
      await visitorBooks(request, {
        fullName: arriving,
        email: arrivingEmail,
        preferredDate: inDays(0),
        preferredTimeSlot: "Anytime",
        vehicleType: "Hatchback",
      });

      await page.goto("/login");
      await logIn(page, admin.email, admin.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Today" })).toBeVisible();
      await expect(page.getByText("Requests waiting")).toBeVisible();

      // The desk flags yesterday's loose end, and one tap of the stage it should have had settles it.
      const back = await page.request.patch(`/api/bookings/${missedId}`, {
        headers: { Origin: baseURL! },
        data: { preferredDate: inDays(-1), status: "confirmed" },
      });
      expect(back.status()).toBe(200);
      await page.reload();
      const loose = page.getByRole("region", {
        name: /^\d+ visits? (from yesterday|of the past week) needs? an outcome$/,
      });
      const more = loose.getByRole("button", { name: /^Show all \d+$/ });
      if (await more.isVisible()) await more.click();
      const missedRow = loose.getByRole("listitem").filter({ hasText: missed });
      await waitForReact(missedRow.getByRole("button", { name: `No-show ${missed}` }));
      await missedRow.getByRole("button", { name: `No-show ${missed}` }).click();
      await expect(page.getByRole("status").getByText(`${missed}'s visit: no-show.`)).toBeVisible();
      await expect(missedRow).toHaveCount(0);

      // The queue shows its first three, the rest a tap away, so the board stays near the top; all
      // can be confirmed at once (after a question: not here, where other tests' requests wait too).
      const queue = page.getByRole("region", { name: "Waiting for confirmation" });
      await expect(queue.getByRole("listitem")).toHaveCount(3);
      await queue.getByRole("button", { name: /^Confirm (all \d+|the \d+ soonest)$/ }).click();
      const confirmAll = page.getByRole("dialog", { name: /^Confirm \d+ requests\?$/ });
      await expect(confirmAll).toContainText("Each customer is e-mailed");
      await confirmAll.getByRole("button", { name: "Cancel" }).click();
      await expect(confirmAll).toBeHidden();
      await queue.getByRole("button", { name: /^Show all \d+$/ }).click();

      // One tap in the queue confirms, and the request leaves the queue.
      const row = queue.getByRole("listitem").filter({ hasText: waiting });
      await waitForReact(row.getByRole("button", { name: `Confirm ${waiting}` }));
      await row.getByRole("button", { name: `Confirm ${waiting}` }).click();
      await expect(page.getByRole("status").getByText("Confirmed", { exact: true })).toBeVisible();
      await expect(row).toHaveCount(0);

      // Today's car: confirmed from the queue, then checked in, started and marked ready on its card.
      await queue.getByRole("button", { name: `Confirm ${arriving}` }).click();
      await expect(queue.getByRole("listitem").filter({ hasText: arriving })).toHaveCount(0);
      const today = card(page, arriving);
      await today.getByRole("button", { name: `Check in ${arriving}` }).click();
      await expect(today.getByText("Checked in")).toBeVisible();
      await today.getByRole("button", { name: `Start work ${arriving}` }).click();
      await expect(today.getByText("In progress")).toBeVisible();
      await today.getByRole("button", { name: `Mark ready ${arriving}` }).click();
      await expect(today.getByText("Ready for pickup")).toBeVisible();

      await page.goto(`/dashboard/outbox?to=${encodeURIComponent(arrivingEmail)}`);
      await expect(page.getByText(/^Your car is ready for pickup/)).toHaveCount(1);
    });

    // The move dialog and the customer's history, and the stage buttons by the browser's clock, are
    // the same at any width: on the laptop only. The tablet keeps the journey above and the busy
    // board below, its layout (no sideways scroll) and its touch.
    if (device.name === "laptop") {
      test("an admin moves a booking to tomorrow on the board and reads the customer's history", async ({
        page,
        admin: _,
        request,
      }) => {
        const name = `Sasha ${uniqueTag()}`;
        const email = uniqueEmail("history");
        const day = futureDate(page, device.offset + 1);
        // A number of this test's own, written two ways: the history matches the digits.
        const digits = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
        const [phone, samePhone] = [
          `(555) ${digits.slice(0, 3)}-${digits.slice(3)}`,
          `555 ${digits.slice(0, 3)} ${digits.slice(3)}`,
        ];
        // An earlier visit by the same customer (by phone, from another address), then the one to move.
        await visitorBooks(request, {
          fullName: name,
          preferredDate: day,
          preferredTimeSlot: "13:00–15:00",
          phone,
        });
        await visitorBooks(request, {
          fullName: name,
          email,
          preferredDate: day,
          preferredTimeSlot: "09:00–11:00",
          phone: samePhone,
        });
        const tomorrow = futureDate(page, device.offset + 2);

        await page.goto(`/dashboard/manageBooking/today?date=${day}`);
        await expect(page.getByRole("heading", { level: 1, name: "Bookings by Day" })).toBeVisible();
        const board = page.getByRole("list", { name: "The day's bookings in time order" });
        const moving = board.getByRole("article", { name: new RegExp(`^${name}, 9–11 AM`) });
        await waitForReact(moving.getByRole("button", { name: `Move ${name}` }));
        await moving.getByRole("button", { name: `Move ${name}` }).click();
        const dialog = page.getByRole("dialog", { name: `Move ${name}'s booking` });
        await dialog.getByLabel("New date").fill(tomorrow);
        await expect(dialog.getByText("3 places left").first()).toBeVisible();
        await dialog.getByRole("radio", { name: "11 AM–1 PM" }).check();
        await dialog.getByRole("button", { name: "Move booking" }).click();
        await expect(page.getByRole("status").getByText("Updated", { exact: true })).toBeVisible();
        await expect(board.getByRole("article", { name: new RegExp(`^${name}, 9–11 AM`) })).toHaveCount(0);

        await page.getByRole("link", { name: "Next day →" }).click();
        // The date field follows the day shown.
        await expect(page.getByLabel("Go to date")).toHaveValue(tomorrow);
        const moved = page.getByRole("article", { name: new RegExp(`^${name}, 11 AM–1 PM`) });
        await expect(moved).toContainText("Bay 1");
        await moved.getByRole("button", { name: `Details of ${name}'s booking` }).click();
        const details = page.getByRole("dialog", { name: `Booking of ${name}` });
        await details.getByRole("button", { name: "Show history" }).click();
        const history = details.getByRole("region", { name: "Customer history" });
        await expect(history.getByRole("listitem")).toHaveCount(2);
        await expect(history.getByText("(this booking)")).toBeVisible();
        await expect(history.getByRole("definition").first()).toBeVisible();
      });

      test("the stage buttons follow the visit's time: none before its day, no-show once its window has passed", async ({
        page,
        admin: _,
        request,
        baseURL,
      }) => {
        const name = `Tam ${uniqueTag()}`;
        const day = notSunday(futureDate(page, device.offset + 20));
        const id = await visitorBooks(request, {
          fullName: name,
          preferredDate: day,
          preferredTimeSlot: "09:00–11:00",
        });
        const confirmed = await page.request.patch(`/api/bookings/${id}`, {
          headers: { Origin: baseURL! },
          data: { status: "confirmed" },
        });
        expect(confirmed.status()).toBe(200);
        // The browser's clock on the shop's: what the desk offers is judged by it (the server by its own).
        const shopTime = (date: string, time: string) => zonedTimeToUtc(date, time, defaultSiteConfig.timeZone);
        await page.clock.install({ time: shopTime(addDays(day, -1), "12:00") });

        await page.goto(`/dashboard/manageBooking/today?date=${day}`);
        const visit = card(page, name);
        await waitForReact(visit.getByRole("button", { name: `Move ${name}` }));
        await expect(visit.getByRole("button", { name: `Check in ${name}` })).toHaveCount(0);
        await expect(visit.getByRole("button", { name: `No-show ${name}` })).toHaveCount(0);
        await visit.getByRole("button", { name: `Details of ${name}'s booking` }).click();
        const details = page.getByRole("dialog", { name: `Booking of ${name}` });
        await expect(details.getByText("Nothing to set before the visit's day.")).toBeVisible();
        await expect(details.getByRole("button", { name: "Checked in" })).toHaveCount(0);

        await page.clock.setSystemTime(shopTime(day, "10:30"));
        await page.reload();
        await waitForReact(visit.getByRole("button", { name: `Move ${name}` }));
        await expect(visit.getByRole("button", { name: `Check in ${name}` })).toBeVisible();
        await expect(visit.getByRole("button", { name: `No-show ${name}` })).toHaveCount(0);

        await page.clock.setSystemTime(shopTime(day, "11:05"));
        await page.reload();
        await waitForReact(visit.getByRole("button", { name: `Move ${name}` }));
        await expect(visit.getByRole("button", { name: `Check in ${name}` })).toBeVisible();
        await expect(visit.getByRole("button", { name: `No-show ${name}` })).toBeVisible();
        await visit.getByRole("button", { name: `Details of ${name}'s booking` }).click();
        await expect(details.getByRole("button", { name: "No-show" })).toBeVisible();
        await expect(details.getByRole("button", { name: "Checked in" })).toBeVisible();

        // Yesterday's car that never came (the admin records the visit there; the server judges by
        // its own clock): a no-show in one tap on the card, and undone in one.
        const missed = `Missed ${name}`;
        const missedId = await visitorBooks(request, { fullName: missed, preferredDate: day });
        const yesterday = inDays(-1);
        const moved = await page.request.patch(`/api/bookings/${missedId}`, {
          headers: { Origin: baseURL! },
          data: { status: "confirmed", preferredDate: yesterday, preferredTimeSlot: "09:00–11:00" },
        });
        expect(moved.status(), await moved.text()).toBe(200);
        await page.goto(`/dashboard/manageBooking/today?date=${yesterday}`);
        const gone = card(page, missed);
        await waitForReact(gone.getByRole("button", { name: `No-show ${missed}` }));
        await gone.getByRole("button", { name: `No-show ${missed}` }).click();
        await expect(
          page.getByRole("status").getByText(`${missed}'s visit: no-show. A mistake? “Undo no-show” on its card`),
        ).toBeVisible();
        await gone.getByRole("button", { name: `Undo no-show ${missed}` }).click();
        await expect(gone.getByRole("button", { name: `No-show ${missed}` })).toBeVisible();
        await expect(gone.getByText("No-show", { exact: true })).toHaveCount(0);
      });
    }

    test("a busy day on the board, and its run sheet printed", async ({ page, admin: _, request, baseURL }) => {
      // A day of its own: filling every slot must not meet another test's booking (futureDate's days
      // are shared by width, and a tablet counts as a phone there).
      const day = notSunday(inDays(device.name === "laptop" ? 200 : 203));
      const plans = (await (await request.get("/api/plans?limit=50")).json()) as {
        _id: string;
        name: string;
        price: number;
      }[];
      const detail = plans.find((p) => p.name === "Platinum Full Detail")!;
      const tag = uniqueTag();
      // Three bays, every slot used: two 4-hour details from 9 AM, one in the third bay from 9 and 11,
      // then three cars in each later slot; and two Anytime requests.
      const book = (fullName: string, slot: string, extra: Partial<BookingRequestBody> = {}) =>
        visitorBooks(request, { fullName, preferredDate: day, preferredTimeSlot: slot, ...extra });
      const detailRequest = (fullName: string, extra: Partial<BookingRequestBody> = {}) =>
        page.request.post("/api/bookings", {
          // As the browser would send it: the API refuses a change without its own origin.
          headers: { Origin: baseURL! },
          data: {
            ...buildBookingRequest({
              fullName,
              planId: detail._id,
              serviceType: "Full Detail",
              preferredDate: day,
              ...extra,
            }),
            email: undefined,
          },
        });
      // The first detail is for a car the customer named: the bay reads it on the card.
      const crv = { vehicleMake: "Honda", vehicleModel: "CR-V", vehicleColor: "Silver" };
      expect((await detailRequest(`Detail 1 ${tag}`, crv)).status()).toBe(201);
      expect((await detailRequest(`Detail 2 ${tag}`)).status()).toBe(201);
      await book(`Early ${tag}`, "09:00–11:00", { vehicleType: "Coupe" });
      await book(`Late morning ${tag}`, "11:00–13:00", { specialInstructions: "Child seat in the back" });
      for (const slot of ["13:00–15:00", "15:00–17:00", "17:00–19:00"])
        for (const n of [1, 2, 3])
          await book(`${slot.slice(0, 2)}h car ${n} ${tag}`, slot, { serviceType: "Hand Wash" });
      for (const n of [1, 2]) await book(`Anytime ${n} ${tag}`, "Anytime");

      await page.goto(`/dashboard/manageBooking/today?date=${day}`);
      const board = page.getByRole("list", { name: "The day's bookings in time order" });
      await expect(board.getByRole("article")).toHaveCount(13);
      await expect(board.getByText("Free")).toHaveCount(0);
      // The last column ends at closing (6 PM), as the booking form's last window does.
      await expect(board.getByText("5–6 PM", { exact: true })).toBeVisible();
      await expect(board.getByText("5–7 PM", { exact: true })).toHaveCount(0);
      // Each card says the job: the service (with its package), how long it takes and when it is done.
      const long = board.getByRole("article", { name: new RegExp(`^Detail 1 ${tag}`) });
      await expect(long).toContainText("2 slots");
      await expect(long).toContainText("Platinum Full Detail");
      // From the earliest arrival (9 AM) to the latest (11 AM), each plus the four hours.
      await expect(long).toContainText("4 hr · ready between 1 and 3 PM");
      // The car by name, and the visit's total (a Car is the smallest class: the package's own price).
      await expect(long).toContainText("Silver Honda CR-V · Car 2019");
      await expect(long).toContainText(formatPrice(detail.price));
      const early = board.getByRole("article", { name: new RegExp(`^Early ${tag}`) });
      await expect(early).toContainText("Hand Wash");
      await expect(early).toContainText("30 min · ready between 9:30 and 11:30 AM");
      // A single service booked without a package: its dialog gives the priced line and the total.
      await waitForReact(early.getByRole("button", { name: `Details of Early ${tag}'s booking` }));
      await early.getByRole("button", { name: `Details of Early ${tag}'s booking` }).click();
      const details = page.getByRole("dialog", { name: `Booking of Early ${tag}` });
      await expect(details.getByRole("term").filter({ hasText: "Hand Wash (Small)" })).toBeVisible();
      await expect(details.getByRole("term").filter({ hasText: /^Total$/ })).toBeVisible();
      await expect(details.getByRole("definition").filter({ hasText: /^\$\d+\.\d\d$/ })).toHaveCount(2);
      await details.getByRole("button", { name: "Close" }).click();
      await expect(details).toBeHidden();
      await expect(board.getByRole("article", { name: new RegExp(`^15h car 1 ${tag}`) })).toContainText(
        "ready between 3:30 and 5:30 PM",
      );
      await expect(page.getByRole("region", { name: "Anytime: to place" }).getByRole("article")).toHaveCount(2);
      // No sideways scroll of the page itself (the board scrolls inside its frame if it must).
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: `${SCREENS}/board-${device.name}.png`, fullPage: true });
      await page.emulateMedia({ media: "print" });
      const sheet = page.getByRole("region", { name: "Run sheet" });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole("row")).toHaveCount(16);
      await expect(sheet.getByRole("row", { name: /Late morning/ })).toContainText("Child seat in the back");
      // The job, its length, finish time, price and phone on paper; no "Package" column of "No package".
      await expect(sheet.getByRole("columnheader")).toHaveText([
        "Time",
        "Bay",
        "Customer",
        "Phone",
        "Vehicle",
        "Service",
        "Length",
        "Ready",
        "Price",
        "Status",
        "Notes",
      ]);
      const detailRow = sheet.getByRole("row", { name: new RegExp(`Detail 1 ${tag}`) });
      await expect(detailRow.getByRole("cell")).toContainText([
        "9–11 AM",
        "Platinum Full Detail",
        "4 hr",
        "1–3 PM",
        /^\$\d+/,
      ]);
      const earlyRow = sheet.getByRole("row", { name: new RegExp(`Early ${tag}`) });
      await expect(earlyRow.getByRole("cell")).toContainText([
        "9–11 AM",
        "(555) 201-3344",
        "Hand Wash",
        "30 min",
        "9:30–11:30 AM",
        // A single service booked without a package has its price too.
        /^\$\d+\.\d\d$/,
      ]);
      await expect(sheet.getByText("No package")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Print run sheet" })).toBeHidden();
      await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeHidden();
      await page.pdf({ path: `${SCREENS}/run-sheet-${device.name}.pdf` });
      await page.screenshot({ path: `${SCREENS}/run-sheet-${device.name}.png`, fullPage: true });
    });
  });
}
