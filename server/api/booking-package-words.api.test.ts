import { beforeAll, describe, expect, it } from "vitest";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { noticesTo } from "../../tests/outbox-mail";
import { setupTestApp } from "../../tests/test-app";

/** The package chosen on the contact form is kept on the booking and named wherever the booking is. */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000", BUSINESS_EMAIL: "desk@example.com" } });
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  await insertPlans(t.database.db, [
    buildPlan({ name: "Old Premium", packageType: "premium", priceCents: 15000, at: new Date("2025-01-01") }),
    buildPlan({ name: "Diamond Detail", packageType: "premium", priceCents: 18999, at: new Date("2026-01-01") }),
  ]);
});

describe("the contact form's package", () => {
  it("is the newest package of its tier, named in the list, the CSV and both e-mails", async () => {
    const email = "premium.words@example.com";
    const created = await callAs(
      t,
      null,
      "/api/bookings",
      jsonPost(
        buildBookingRequest({
          email,
          serviceType: "Full Detail",
          packageSelection: "Premium",
          promoCode: "WASH5",
          preferredDate: inDays(5),
        }),
      ),
    );
    expect(created.status).toBe(201);
    const { body } = await callAs(t, admin, `/api/bookings?q=${encodeURIComponent(email)}`);
    expect(body).toMatchObject([
      { packageSelection: "Premium", packageName: "Diamond Detail", packagePrice: 189.99, finalPrice: 180.49 },
    ]);

    const csv = await (
      await t.request(`/api/bookings/export.csv?q=${encodeURIComponent(email)}`, { headers: { cookie: admin.cookie } })
    ).text();
    expect(csv).toContain(",Premium,Diamond Detail,189.99,WASH5,9.5,180.49,");

    const [customer] = await noticesTo(t, email);
    expect(customer!.text).toContain("Service: Full Detail · Diamond Detail\n");
    expect(customer!.text).toContain("Price: $180.49\n  Diamond Detail (Small): $189.99\n  WASH5 (5% off): −$9.50\n");
    const business = (await noticesTo(t, "desk@example.com")).find((m) => m.text.includes(email));
    expect(business!.text).toContain("Service: Full Detail · Diamond Detail");
  });

  it("says 'No package' on the CSV where none was chosen, and the API keeps the specification's 'Package'", async () => {
    const email = "no.package@example.com";
    await callAs(t, null, "/api/bookings", jsonPost(buildBookingRequest({ email, preferredDate: inDays(6) })));
    const { body } = await callAs(t, admin, `/api/bookings?q=${encodeURIComponent(email)}`);
    expect(body).toMatchObject([{ packageSelection: "None", packageName: "Package", packagePrice: null }]);
    const csv = await (
      await t.request(`/api/bookings/export.csv?q=${encodeURIComponent(email)}`, { headers: { cookie: admin.cookie } })
    ).text();
    expect(csv).toContain(",None,No package,,");
  });
});
