import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings } from "~/.server/db/schema";
import type { AddOn, ServicePrice } from "~/features/pricing/pricing.schema";
import type { Plan } from "~/features/plans/plans.schema";
import { formatPrice } from "~/lib/money";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { seedDemoData } from "../seed/seed";
import PricingPage, { loader } from "~/routes/pricing";
import { loadCatalog } from "~/lib/i18n/catalog.server";
import { LocaleProvider } from "~/lib/i18n/locale-provider";

/**
 * One price list (issue 43, decision 048): a package books its own service and names its work, a
 * service + package pair that is not one visit is refused, an add-on a package includes is never
 * sold with it, an oil change's oil is priced, and /pricing shows what the quote charges for every
 * item and size, also after a price change.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;
let packages: Plan[];

type Quote = { lines: { label: string; amount: number }[]; total: number };
type Refusal = { error: { message: string; fields?: Record<string, string> } };

/** A vehicle type of each size class (the default classes). */
const VEHICLE_OF_CLASS = { small: "Car", medium: "SUV", large: "Truck" } as const;

const quote = (body: object) => callAs(t, null, "/api/bookings/quote", jsonPost(body));
const book = (body: object) => callAs(t, null, "/api/bookings", jsonPost(buildBookingRequest(body)));

beforeAll(async () => {
  await seedDemoData(t.database.db);
  admin = await signUpAdmin(t);
  packages = (await callAs(t, null, "/api/plans?kind=packages&limit=50")).body as Plan[];
});

describe("a package booked through its card", () => {
  it("books and names its own service and work, priced as the package", async () => {
    expect(packages.map((p) => [p.name, p.serviceType])).toEqual([
      ["Express Exterior Wash", "Hand Wash"],
      ["Signature Wash & Wax", "Hand Wash"],
      ["Platinum Full Detail", "Full Detail"],
    ]);
    for (const [i, plan] of packages.entries()) {
      // The card's link: the package and its own service, as /booking?plan=…&service=… sends them.
      const created = await book({
        planId: plan._id,
        serviceType: plan.serviceType,
        email: `card${i}@example.com`,
        preferredDate: inDays(3 + i),
      });
      expect(created.status).toBe(201);
      const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, created.body.insertedId));
      expect(row).toMatchObject({ serviceType: plan.serviceType, packageName: plan.name, planId: plan._id });
      expect(row!.lines.map((l) => [l.label, l.amountCents])).toEqual([
        [`${plan.name} (Small)`, Math.round((plan.price as number) * 100)],
      ]);
    }
  });

  it("refuses another service with a package, on the field that chose it, and books nothing", async () => {
    const platinum = packages.find((p) => p.name === "Platinum Full Detail")!;
    const before = await t.database.db.$count(bookings);
    const byId = await book({ planId: platinum._id, serviceType: "Oil Change", email: "mix1@example.com" });
    expect(byId).toMatchObject({
      status: 400,
      body: {
        error: { fields: { serviceType: "The Platinum Full Detail package is a Full Detail, not an Oil Change." } },
      },
    });
    const byTier = await book({ serviceType: "Oil Change", packageSelection: "Premium", email: "mix2@example.com" });
    expect(byTier.status).toBe(400);
    expect((byTier.body as Refusal).error.fields).toEqual({
      packageSelection:
        "Premium is the Platinum Full Detail package, a Full Detail: choose Full Detail, or no package for an Oil Change.",
    });
    expect((await quote({ vehicleType: "Car", serviceType: "Oil Change", packageSelection: "Premium" })).status).toBe(
      400,
    );
    expect(await t.database.db.$count(bookings)).toBe(before);
  });
});

describe("add-ons a package already includes", () => {
  it("are neither offered as fitting nor sold with it; with its service alone they are", async () => {
    const platinum = packages.find((p) => p.name === "Platinum Full Detail")!;
    const addOns = (await callAs(t, null, "/api/add-ons")).body as AddOn[];
    const clayBar = addOns.find((a) => a.name === "Clay bar")!;
    expect(clayBar.includedPlanIds).toEqual([platinum._id]);
    const refused = await quote({
      vehicleType: "Car",
      serviceType: "Full Detail",
      planId: platinum._id,
      addOns: [clayBar._id],
      promoCode: "",
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { fields: { addOns: "Clay bar is already part of Platinum Full Detail." } } },
    });
    const alone = await quote({ vehicleType: "Car", serviceType: "Full Detail", addOns: [clayBar._id], promoCode: "" });
    expect((alone.body as Quote).lines.map((l) => l.label)).toEqual(["Full Detail (Small)", "Clay bar"]);
  });
});

describe("an oil change's oil", () => {
  it("is priced as a line of its own, kept on the booking; an unknown oil is refused", async () => {
    const synthetic = await quote({ vehicleType: "Truck", serviceType: "Oil Change", oilType: "full-synthetic" });
    expect(synthetic.body).toMatchObject({
      lines: [
        { label: "Oil Change (Large)", amount: 59.99 },
        { label: "Full synthetic oil", amount: 35 },
      ],
      total: 94.99,
    });
    // Without a choice, the first oil: the service's own price.
    const plain = await quote({ vehicleType: "Car", serviceType: "Oil Change" });
    expect((plain.body as Quote).lines.map((l) => l.label)).toEqual(["Oil Change (Small)"]);
    const created = await book({ serviceType: "Oil Change", oilType: "synthetic-blend", email: "oil@example.com" });
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, created.body.insertedId));
    expect(row).toMatchObject({ oilType: "synthetic-blend", totalCents: 4499 + 1500 });
    // Another service takes no oil, whatever is sent.
    const wash = await book({ serviceType: "Hand Wash", oilType: "full-synthetic", email: "wash@example.com" });
    const [washRow] = await t.database.db.select().from(bookings).where(eq(bookings.id, wash.body.insertedId));
    expect(washRow).toMatchObject({ oilType: null, totalCents: 2499 });
    const unknown = await quote({ vehicleType: "Car", serviceType: "Oil Change", oilType: "whale-oil" });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: { fields: { oilType: "Choose one of the oils we use." } } },
    });
  });
});

describe("/pricing", () => {
  /** The card of one item on the page: its `<article>` (packages), `<li>` (services) or table row (add-ons, oils). */
  function section(html: string, name: string, tag: "article" | "li" | "tr", after = ""): string {
    const at = html.indexOf(`>${name.replace(/&/g, "&amp;")}<`, after ? html.indexOf(after) : 0);
    expect(at, name).toBeGreaterThan(-1);
    const start = html.lastIndexOf(`<${tag}`, at);
    return html.slice(start, html.indexOf(`</${tag}>`, at));
  }
  const [ADD_ONS, OIL_CHANGE] = ['id="add-ons-heading"', ">Oil Change<"];
  const amountOf = (q: Quote, label: string) => q.lines.find((l) => l.label.startsWith(label))!.amount;

  it("shows what the quote charges for every package, service, oil and add-on in every size, after a change", async () => {
    // The owner changes a service's medium price, an add-on and an oil; every list follows at once.
    const put = await callAs(
      t,
      admin,
      "/api/service-prices/Hand%20Wash",
      jsonPost(
        { price: 24.99, minutes: 30, classPrices: { medium: { price: 31.99, minutes: 40 } } },
        { method: "PUT" },
      ),
    );
    expect(put.status).toBe(200);
    const addOns = (await callAs(t, null, "/api/add-ons")).body as AddOn[];
    const tireShine = addOns.find((a) => a.name === "Tire shine")!;
    const patched = await callAs(
      t,
      admin,
      `/api/add-ons/${tireShine._id}`,
      jsonPost({ price: 9 }, { method: "PATCH" }),
    );
    expect(patched.status).toBe(200);
    const services = (await callAs(t, null, "/api/service-prices")).body as ServicePrice[];
    const oils = services.find((s) => s.serviceType === "Oil Change")!.oils!;
    const changedOils = oils.map((o) => ({
      ...o,
      months: 6,
      miles: 5000,
      ...(o.id === "high-mileage" && { price: 22.5 }),
    }));
    const settings = await callAs(
      t,
      admin,
      "/api/follow-up-settings",
      jsonPost({ oilTypes: changedOils }, { method: "PATCH" }),
    );
    expect(settings.status).toBe(200);

    // The page as a customer gets it: its loader on the app's services, rendered as the server renders it.
    const data = await loader({ context: { services: t.services } } as unknown as Parameters<typeof loader>[0]);
    const page = createElement(PricingPage, { loaderData: data } as unknown as Parameters<typeof PricingPage>[0]);
    const english = createElement(LocaleProvider, { locale: "en", messages: await loadCatalog("en"), children: page });
    const html = renderToStaticMarkup(createElement(MemoryRouter, null, english));
    let checked = 0;
    for (const [classId, vehicleType] of Object.entries(VEHICLE_OF_CLASS)) {
      for (const plan of packages) {
        const q = (await quote({ vehicleType, serviceType: plan.serviceType, planId: plan._id })).body as Quote;
        expect(section(html, plan.name, "article"), `${plan.name} ${classId}`).toContain(formatPrice(q.total));
        checked++;
      }
      for (const service of services) {
        const q = (await quote({ vehicleType, serviceType: service.serviceType })).body as Quote;
        expect(section(html, service.serviceType, "li"), `${service.serviceType} ${classId}`).toContain(
          formatPrice(q.total),
        );
        checked++;
      }
      for (const addOn of addOns.filter((a) => a.serviceTypes.length > 0 || a.planIds.length === 0)) {
        const serviceType = addOn.serviceTypes[0] ?? "Hand Wash";
        const q = (await quote({ vehicleType, serviceType, addOns: [addOn._id] })).body as Quote;
        expect(section(html, addOn.name, "tr", ADD_ONS), `${addOn.name} ${classId}`).toContain(
          formatPrice(amountOf(q, addOn.name)),
        );
        checked++;
      }
      for (const oil of changedOils.filter((o) => o.price > 0)) {
        const q = (await quote({ vehicleType, serviceType: "Oil Change", oilType: oil.id })).body as Quote;
        expect(section(html, oil.name, "tr", OIL_CHANGE), `${oil.name} ${classId}`).toContain(
          formatPrice(amountOf(q, oil.name)),
        );
        checked++;
      }
    }
    // 3 packages, 6 services, 8 add-ons, 3 priced oils, in 3 sizes.
    expect(checked).toBe(3 * (3 + 6 + 8 + 3));
    expect(section(html, "Hand Wash", "li")).toContain("$31.99");
    expect(section(html, "Tire shine", "tr", ADD_ONS)).toContain(formatPrice(9));
    expect(section(html, "High mileage", "tr", OIL_CHANGE)).toContain("$22.50");
  });
});
