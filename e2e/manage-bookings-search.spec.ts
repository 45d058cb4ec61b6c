import { formatPrice } from "../app/lib/money";
import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail, uniqueTag } from "./fixtures";
import { futureDate, waitForReact } from "./support";

/**
 * Manage Bookings finds a booking by the reference its customer reads from their confirmation, and
 * shows each booking's total (a service booked without a package is priced too, for the vehicle's class).
 */
test("finds a booking by its reference and shows its price", async ({ page, admin: _, request, baseURL }) => {
  const tag = uniqueTag();
  const date = futureDate(page, 33);
  const plans = (await (await request.get("/api/plans?limit=50")).json()) as {
    _id: string;
    name: string;
    price: number;
  }[];
  const detail = plans.find((p) => p.name === "Platinum Full Detail")!;
  // A package booked by a signed-in user (the page's session), and a service alone by a visitor.
  const withPackage = await page.request.post("/api/bookings", {
    headers: { Origin: baseURL! },
    data: {
      ...buildBookingRequest({
        fullName: `Priced ${tag}`,
        planId: detail._id,
        serviceType: "Full Detail",
        preferredDate: date,
      }),
      email: undefined,
    },
  });
  expect(withPackage.status(), await withPackage.text()).toBe(201);
  const { insertedId } = (await withPackage.json()) as { insertedId: string };
  const serviceEmail = uniqueEmail("service");
  const serviceOnly = await request.post("/api/bookings", {
    data: buildBookingRequest({
      fullName: `Service ${tag}`,
      email: serviceEmail,
      preferredDate: date,
      preferredTimeSlot: "Anytime",
    }),
  });
  expect(serviceOnly.status(), await serviceOnly.text()).toBe(201);

  await page.goto("/dashboard/manageBooking");
  const search = page.getByLabel("Reference, name, phone or e-mail");
  await waitForReact(search);
  // As the customer reads it out: the confirmation's reference, with its '#'.
  await search.fill(`#${insertedId.slice(-8).toUpperCase()}`);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText(/^1 booking,/)).toBeVisible();
  const rows = page.getByRole("row").filter({ has: page.getByRole("rowheader") });
  await expect(rows).toHaveCount(1);
  await expect(rows.getByRole("rowheader")).toContainText(`Priced ${tag}`);
  await expect(page.getByRole("columnheader", { name: "Price" })).toBeVisible();
  await expect(rows.getByRole("cell", { name: formatPrice(detail.price), exact: true })).toBeVisible();

  const [service] = (await (await page.request.get(`/api/bookings?q=${encodeURIComponent(serviceEmail)}`)).json()) as {
    total: number | null;
  }[];
  expect(service!.total).toBeGreaterThan(0);
  await search.fill(`Service ${tag}`);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(rows.getByRole("rowheader")).toContainText(`Service ${tag}`);
  await expect(rows.getByRole("cell", { name: formatPrice(service!.total), exact: true })).toBeVisible();
});
