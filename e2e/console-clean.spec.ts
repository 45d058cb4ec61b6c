import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail } from "./fixtures";
import { expectCleanLoads, futureDate, otherDayZone } from "./support";

/**
 * Every page loads with no console error and no page error, in a browser whose calendar day is not
 * the business's (support.ts). The public pages of the specification are checked so in
 * public-pages.spec.ts, at both widths; here the rest. One test walks each group's pages in one
 * browser, as a person would, and reports each page that logged something.
 */
test.use({ timezoneId: otherDayZone() });

test("no console error on the sign-in pages and a booking's manage page", async ({ page, request }) => {
  const booked = await request.post("/api/bookings", {
    data: buildBookingRequest({ email: uniqueEmail("console"), preferredDate: futureDate(page, 9) }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { manageToken } = (await booked.json()) as { manageToken: string };
  await expectCleanLoads(page, ["/login", "/signup", "/forgot-password", `/booking/manage/${manageToken}?new=1`]);
});

const ADMIN_PAGES = [
  "/dashboard",
  "/dashboard/my-bookings",
  "/dashboard/allUsers",
  "/dashboard/team",
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
  "/dashboard/security-settings",
  "/dashboard/security",
  "/dashboard/devices",
];

test("no console error or policy violation on any dashboard page, as an admin, and no page of it is stored", async ({
  page,
  admin: _,
}) => {
  test.slow();
  const first = async (kind: string) => {
    const response = await page.request.get(`/api/plans?kind=${kind}&limit=1`);
    return ((await response.json()) as { _id: string }[])[0]!._id;
  };
  const paths = [
    ...ADMIN_PAGES,
    `/dashboard/update-product/${await first("packages")}`,
    `/dashboard/hotels/${await first("hotels")}/edit`,
  ];
  // A script the Content-Security-Policy refuses logs a console error, so a clean load is one without a violation.
  await expectCleanLoads(page, paths);
  for (const path of paths) {
    const document = await page.request.get(path);
    expect
      .soft(document.headers()["content-security-policy"], path)
      .toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect.soft(document.headers()["cache-control"], path).toBe("private, no-store");
    // The data a client-side navigation loads carries the same personal data.
    const data = await page.request.get(`${path}.data`);
    expect.soft(data.headers()["cache-control"], `${path}.data`).toBe("private, no-store");
  }
});

test("no console error on a member's dashboard pages", async ({ page, member: _ }) => {
  await expectCleanLoads(page, ["/dashboard", "/dashboard/my-bookings", "/dashboard/security", "/dashboard/devices"]);
});
