import type { Page } from "@playwright/test";
import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail } from "./fixtures";
import { futureDate, watchConsole } from "./support";

/**
 * Every page loads with no console error and no page error: a hydration mismatch (React's #418),
 * a failed request, a script refused by the Content-Security-Policy all log one.
 *
 * The browser's clock is set in a zone whose calendar day is not the business's right now (far
 * west or far east of New York, whichever differs at this hour), so any date the server and the
 * browser would render each in their own zone differs between them, as it does for a customer
 * abroad or a manager's laptop set to another zone.
 */
const BUSINESS_ZONE = "America/New_York";
const dayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());
const OTHER_DAY_ZONE = ["Pacific/Kiritimati", "Pacific/Pago_Pago"].find((z) => dayIn(z) !== dayIn(BUSINESS_ZONE))!;
test.use({ timezoneId: OTHER_DAY_ZONE });

/** Loads `path`, waits until React has taken the page over and the network is quiet, and returns what was logged. */
async function errorsLoading(page: Page, path: string): Promise<string[]> {
  const errors = watchConsole(page);
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  // Hydrated: the page's heading carries React's fiber (also after a client re-render).
  await page.waitForFunction(() => {
    const h1 = document.querySelector("h1");
    return !!h1 && Object.keys(h1).some((k) => k.startsWith("__reactFiber"));
  });
  await page.waitForLoadState("networkidle");
  return errors;
}

const PUBLIC_PAGES = [
  "/",
  "/about",
  "/pricing",
  "/contact",
  "/booking",
  "/location",
  "/reviews",
  "/hotels",
  "/services/hand-wash",
  "/services/interior-clean",
  "/services/express-wax",
  "/services/full-detail",
  "/services/oil-change",
  "/login",
  "/signup",
  "/forgot-password",
];

test.describe("no console error on any public page", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path}`, async ({ page }) => {
      expect(await errorsLoading(page, path)).toEqual([]);
    });
  }

  test("a package's page", async ({ page }) => {
    const response = await page.request.get("/api/plans?kind=packages&limit=1");
    const [plan] = (await response.json()) as { _id: string }[];
    expect(await errorsLoading(page, `/packages/${plan!._id}`)).toEqual([]);
  });

  test("a booking's manage page, just booked", async ({ page, request }) => {
    const booked = await request.post("/api/bookings", {
      data: buildBookingRequest({ email: uniqueEmail("console"), preferredDate: futureDate(page, 9) }),
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const { manageToken } = (await booked.json()) as { manageToken: string };
    expect(await errorsLoading(page, `/booking/manage/${manageToken}?new=1`)).toEqual([]);
  });
});

const ADMIN_PAGES = [
  "/dashboard",
  "/dashboard/my-bookings",
  "/dashboard/allUsers",
  "/dashboard/outbox",
  "/dashboard/addplan",
  "/dashboard/manageplans",
  "/dashboard/prices",
  "/dashboard/addhotel",
  "/dashboard/hotels",
  "/dashboard/manageBooking",
  "/dashboard/manageBooking/today",
  "/dashboard/manageBooking/new",
  "/dashboard/booking-settings",
  "/dashboard/service-due",
  "/dashboard/reports",
  "/dashboard/backups",
];

test.describe("no console error on any dashboard page, as an admin", () => {
  for (const path of ADMIN_PAGES) {
    test(`${path}`, async ({ page, admin: _ }) => {
      expect(await errorsLoading(page, path)).toEqual([]);
    });
  }

  test("a package's and a hotel's edit pages", async ({ page, admin: _ }) => {
    const first = async (kind: string) => {
      const response = await page.request.get(`/api/plans?kind=${kind}&limit=1`);
      return ((await response.json()) as { _id: string }[])[0]!._id;
    };
    expect(await errorsLoading(page, `/dashboard/update-product/${await first("packages")}`)).toEqual([]);
    expect(await errorsLoading(page, `/dashboard/hotels/${await first("hotels")}/edit`)).toEqual([]);
  });
});

test.describe("no console error on a member's dashboard pages", () => {
  for (const path of ["/dashboard", "/dashboard/my-bookings"]) {
    test(`${path}`, async ({ page, member: _ }) => {
      expect(await errorsLoading(page, path)).toEqual([]);
    });
  }
});
