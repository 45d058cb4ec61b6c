import { beforeAll, describe, expect, it } from "vitest";
import { SERVICE_TYPES } from "~/features/catalogue/catalogue.schema";
import type { Plan } from "~/features/plans/plans.schema";
import type { AddOn, ApiQuote, ServicePrice, SizeClasses } from "~/features/pricing/pricing.schema";
import { callAs, jsonPost, signUp, signUpAdmin, refusedForRole, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * The admin's side of prices by the vehicle (issue 27): the size classes, the add-ons, the single
 * services' prices and a package's class table, each admin-only, validated, and followed at once by
 * the quote and the public lists.
 */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

const unauthorized = { status: 401, body: { error: { code: "unauthorized", message: "Please log in." } } };

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
});

const call = (account: TestAccount | null, path: string, method = "GET", body?: unknown) =>
  callAs(t, account, path, body === undefined ? { method } : jsonPost(body, { method }));

/** The classes as the defaults have them, renamed or re-priced by a test and put back after it. */
const defaults: SizeClasses = {
  classes: [
    { id: "small", name: "Small", surchargePercent: 0, extraMinutes: 0 },
    { id: "medium", name: "Medium", surchargePercent: 20, extraMinutes: 15 },
    { id: "large", name: "Large", surchargePercent: 40, extraMinutes: 30 },
  ],
  vehicleClass: {
    Coupe: "small",
    Hatchback: "small",
    Car: "small",
    SUV: "medium",
    Minivan: "medium",
    Truck: "large",
    Other: "medium",
  },
};

const newAddOn = { name: "Pet hair removal", description: "Every seat and mat", price: 30, minutes: 20 };

async function quote(body: Record<string, unknown>): Promise<ApiQuote> {
  const { status, body: answer } = await call(null, "/api/bookings/quote", "POST", buildBookingRequest(body));
  expect(status, JSON.stringify(answer)).toBe(200);
  return answer as ApiQuote;
}

async function createPackage(body: Record<string, unknown> = {}): Promise<string> {
  const { status, body: created } = await call(admin, "/api/plans", "POST", {
    name: "Class Table Wash",
    price: 40,
    minutes: 60,
    packagetype: "services",
    ...body,
  });
  expect(status, JSON.stringify(created)).toBe(201);
  return created.insertedId as string;
}

describe("who may change prices", () => {
  it("refuses visitors (401) and members (403) on every admin route, and changes nothing", async () => {
    const { body: created } = await call(admin, "/api/add-ons", "POST", newAddOn);
    const id = created.insertedId as string;
    const routes: [string, string, unknown][] = [
      ["/api/size-classes", "PUT", defaults],
      ["/api/add-ons", "POST", newAddOn],
      [`/api/add-ons/${id}`, "PATCH", { price: 1 }],
      [`/api/add-ons/${id}`, "DELETE", undefined],
      ["/api/service-prices/Hand%20Wash", "PUT", { price: 1, minutes: 30 }],
    ];
    const before = await call(admin, "/api/add-ons?all=true");
    const prices = await call(null, "/api/service-prices");
    for (const [path, method, body] of routes) {
      expect(await call(null, path, method, body), `${method} ${path}`).toEqual(unauthorized);
      expect(await call(member, path, method, body), `${method} ${path}`).toEqual(refusedForRole);
    }
    expect(await call(admin, "/api/add-ons?all=true")).toEqual(before);
    expect(await call(null, "/api/service-prices")).toEqual(prices);
    await call(admin, `/api/add-ons/${id}`, "DELETE");
  });

  it("lets anyone read the size classes and the services' prices, and only admins the inactive add-ons", async () => {
    expect(await call(null, "/api/size-classes")).toEqual({ status: 200, body: defaults });
    const services = await call(member, "/api/service-prices");
    expect(services.status).toBe(200);
    expect((services.body as ServicePrice[]).map((s) => s.serviceType)).toEqual([...SERVICE_TYPES]);
    expect((services.body as ServicePrice[])[0]).toEqual({
      serviceType: "Hand Wash",
      price: 24.99,
      minutes: 30,
      prices: [
        { classId: "small", className: "Small", price: 24.99, minutes: 30 },
        { classId: "medium", className: "Medium", price: 29.99, minutes: 45 },
        { classId: "large", className: "Large", price: 34.99, minutes: 60 },
      ],
      classPrices: {},
    });

    const { body: created } = await call(admin, "/api/add-ons", "POST", { ...newAddOn, active: false });
    const hidden = created.insertedId as string;
    const ids = async (account: TestAccount | null, path: string) =>
      ((await call(account, path)).body as AddOn[]).map((a) => a._id);
    expect(await ids(admin, "/api/add-ons?all=true")).toContain(hidden);
    expect(await ids(admin, "/api/add-ons")).not.toContain(hidden);
    // Asking for all is not enough: a visitor or a member gets what the forms offer.
    expect(await ids(null, "/api/add-ons?all=true")).not.toContain(hidden);
    expect(await ids(member, "/api/add-ons?all=true")).not.toContain(hidden);
    await call(admin, `/api/add-ons/${hidden}`, "DELETE");
  });
});

describe("size classes", () => {
  it("renames a class and changes its surcharge: the plans' prices per class and the quote follow at once", async () => {
    const planId = await createPackage({ price: 50, minutes: 60 });
    const renamed: SizeClasses = {
      ...defaults,
      classes: [
        defaults.classes[0]!,
        { id: "medium", name: "Mid-size", surchargePercent: 30, extraMinutes: 20 },
        defaults.classes[2]!,
      ],
      vehicleClass: { ...defaults.vehicleClass, Minivan: "large" },
    };
    expect(await call(admin, "/api/size-classes", "PUT", renamed)).toEqual({ status: 200, body: renamed });

    const { body: plan } = await call(null, `/api/plans/${planId}`);
    expect((plan as Plan).prices).toEqual([
      { classId: "small", className: "Small", price: 50, minutes: 60 },
      { classId: "medium", className: "Mid-size", price: 65, minutes: 80 },
      { classId: "large", className: "Large", price: 70, minutes: 90 },
    ]);
    const list = (await call(null, "/api/plans?kind=packages")).body as Plan[];
    expect(list.find((p) => p._id === planId)?.prices?.[1]).toEqual({
      classId: "medium",
      className: "Mid-size",
      price: 65,
      minutes: 80,
    });
    const suv = await quote({ planId, vehicleType: "SUV" });
    expect(suv).toMatchObject({ total: 65, minutes: 80, sizeClass: { id: "medium", name: "Mid-size" } });
    expect(await quote({ planId, vehicleType: "Minivan" })).toMatchObject({ total: 70, sizeClass: { id: "large" } });

    expect((await call(admin, "/api/size-classes", "PUT", defaults)).status).toBe(200);
  });

  it("says what is wrong with a bad table, field by field", async () => {
    const bad = {
      classes: [
        { id: "small", name: "Small", surchargePercent: 0, extraMinutes: 0 },
        { id: "medium", name: " ", surchargePercent: 12.5, extraMinutes: 15 },
        { id: "large", name: "Large", surchargePercent: 40, extraMinutes: 500 },
      ],
      vehicleClass: { ...defaults.vehicleClass, Truck: "huge" },
    };
    const { status, body } = await call(admin, "/api/size-classes", "PUT", bad);
    expect(status).toBe(400);
    expect(body.error.fields).toMatchObject({
      "classes.1.name": "Name is required",
      "classes.1.surchargePercent": "Surcharge must be a whole percent from 0 to 300",
      "classes.2.extraMinutes": "Extra minutes must be whole minutes from 0 to 480",
      "vehicleClass.Truck": "Choose a class",
    });
    const twins = { ...defaults, classes: defaults.classes.map((c) => ({ ...c, name: "Same" })) };
    expect((await call(admin, "/api/size-classes", "PUT", twins)).body.error.fields).toEqual({
      classes: "Each class needs its own name",
    });
    expect(await call(null, "/api/size-classes")).toEqual({ status: 200, body: defaults });
  });
});

describe("add-ons", () => {
  it("adds, edits, deactivates and deletes one, with the specification's write results", async () => {
    const created = await call(admin, "/api/add-ons", "POST", {
      ...newAddOn,
      classPrices: { medium: { price: 35 }, large: { price: 45, minutes: 30 } },
      serviceTypes: ["Interior Clean", "Full Detail", "Hand Wash"],
    });
    expect(created).toEqual({
      status: 201,
      body: { acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) },
    });
    const id = created.body.insertedId as string;
    const find = async () => ((await call(admin, "/api/add-ons?all=true")).body as AddOn[]).find((a) => a._id === id);
    expect(await find()).toEqual({
      _id: id,
      name: "Pet hair removal",
      description: "Every seat and mat",
      price: 30,
      minutes: 20,
      prices: [
        { classId: "small", className: "Small", price: 30, minutes: 20 },
        { classId: "medium", className: "Medium", price: 35, minutes: 35 },
        { classId: "large", className: "Large", price: 45, minutes: 30 },
      ],
      classPrices: { medium: { price: 35 }, large: { price: 45, minutes: 30 } },
      serviceTypes: ["Interior Clean", "Full Detail", "Hand Wash"],
      planIds: [],
      includedPlanIds: [],
      active: true,
    });
    // On the forms, and priced by the vehicle's class in the quote.
    expect(await quote({ serviceType: "Hand Wash", vehicleType: "Truck", addOns: [id] })).toMatchObject({
      lines: [
        { label: "Hand Wash (Large)", amount: 34.99 },
        { label: "Pet hair removal", amount: 45, minutes: 30 },
      ],
      total: 79.99,
    });

    const changed = await call(admin, `/api/add-ons/${id}`, "PATCH", { price: 32, classPrices: {} });
    expect(changed).toEqual({ status: 200, body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 } });
    expect((await find())?.prices.map((p) => p.price)).toEqual([32, 38.4, 44.8]);
    const same = await call(admin, `/api/add-ons/${id}`, "PATCH", { price: 32, classPrices: {} });
    expect(same.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });

    expect((await call(admin, `/api/add-ons/${id}`, "PATCH", { active: false })).body.modifiedCount).toBe(1);
    expect(((await call(null, "/api/add-ons")).body as AddOn[]).map((a) => a._id)).not.toContain(id);
    const refused = await call(null, "/api/bookings/quote", "POST", buildBookingRequest({ addOns: [id] }));
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ addOns: "That add-on is no longer offered." });

    expect(await call(admin, `/api/add-ons/${id}`, "DELETE")).toEqual({
      status: 200,
      body: { acknowledged: true, deletedCount: 1 },
    });
    expect(await find()).toBeUndefined();
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const notFound = { status: 404, body: { error: { code: "not_found", message: "Add-on not found." } } };
    for (const id of ["65a000000000000000000000", "not-an-id"]) {
      expect(await call(admin, `/api/add-ons/${id}`, "PATCH", { price: 5 })).toEqual(notFound);
      expect(await call(admin, `/api/add-ons/${id}`, "DELETE")).toEqual(notFound);
    }
  });

  it("says what is wrong with a bad add-on, field by field", async () => {
    const { status, body } = await call(admin, "/api/add-ons", "POST", {
      name: "",
      price: -1,
      minutes: 7.5,
      classPrices: { medium: { minutes: 2 } },
      serviceTypes: ["Car Wash"],
    });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      name: "Name is required",
      price: "Price must be a number from 0 to 100000",
      minutes: "Minutes must be whole minutes from 0 to 720",
      "classPrices.medium.minutes": "Length must be whole minutes from 5 to 720",
      "serviceTypes.0": "Choose a service",
    });
    expect((await call(admin, "/api/add-ons", "POST", { ...newAddOn, colour: "red" })).status).toBe(400);
    const { body: created } = await call(admin, "/api/add-ons", "POST", newAddOn);
    const empty = await call(admin, `/api/add-ons/${created.insertedId}`, "PATCH", {});
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual({ _: "You haven’t changed anything." });
    await call(admin, `/api/add-ons/${created.insertedId}`, "DELETE");
  });
});

describe("single services' prices", () => {
  it("sets a service's table: the quote of that service alone follows at once", async () => {
    const saved = await call(admin, "/api/service-prices/Full%20Detail", "PUT", {
      price: 199,
      minutes: 240,
      classPrices: { large: { price: 299, minutes: 300 } },
    });
    expect(saved).toEqual({
      status: 200,
      body: {
        serviceType: "Full Detail",
        price: 199,
        minutes: 240,
        prices: [
          { classId: "small", className: "Small", price: 199, minutes: 240 },
          { classId: "medium", className: "Medium", price: 238.8, minutes: 255 },
          { classId: "large", className: "Large", price: 299, minutes: 300 },
        ],
        classPrices: { large: { price: 299, minutes: 300 } },
      },
    });
    expect(await quote({ serviceType: "Full Detail", vehicleType: "Truck" })).toMatchObject({
      total: 299,
      minutes: 300,
    });
    expect(await quote({ serviceType: "Full Detail", vehicleType: "Coupe" })).toMatchObject({
      total: 199,
      minutes: 240,
    });
  });

  it("refuses an unknown service (404) and a bad price or length", async () => {
    expect(await call(admin, "/api/service-prices/Car%20Wash", "PUT", { price: 10, minutes: 30 })).toEqual({
      status: 404,
      body: { error: { code: "not_found", message: "Service not found." } },
    });
    const { status, body } = await call(admin, "/api/service-prices/Wax", "PUT", { price: "ten", minutes: 3 });
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({
      price: "Price must be a number from 0 to 100000",
      minutes: "Length must be whole minutes from 5 to 720",
    });
  });
});

describe("a package's class table", () => {
  it("is taken on create, answered by the list and one plan, and edited through PATCH: the quote follows at once", async () => {
    const planId = await createPackage({
      price: 189.99,
      minutes: 240,
      classPrices: { medium: { price: 229.99, minutes: 270 }, large: { price: 279.99, minutes: 300 } },
    });
    const { body: plan } = await call(null, `/api/plans/${planId}`);
    expect(plan).toMatchObject({
      price: 189.99,
      minutes: 240,
      prices: [
        { classId: "small", className: "Small", price: 189.99, minutes: 240 },
        { classId: "medium", className: "Medium", price: 229.99, minutes: 270 },
        { classId: "large", className: "Large", price: 279.99, minutes: 300 },
      ],
      classPrices: { medium: { price: 229.99, minutes: 270 }, large: { price: 279.99, minutes: 300 } },
    });
    expect(await quote({ planId, vehicleType: "SUV" })).toMatchObject({ total: 229.99, minutes: 270 });

    const edited = await call(admin, `/api/plans/${planId}`, "PATCH", {
      classPrices: { medium: { price: 239.99 }, large: { price: 279.99, minutes: 300 } },
    });
    expect(edited.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    // The medium length is left to the class: the base plus its extra minutes.
    expect(await quote({ planId, vehicleType: "SUV" })).toMatchObject({ total: 239.99, minutes: 255 });
    const list = (await call(null, "/api/plans?kind=packages")).body as Plan[];
    expect(list.find((p) => p._id === planId)?.prices?.[1]).toMatchObject({ price: 239.99, minutes: 255 });

    // The same table again changes nothing, whatever order the database keeps its keys in.
    const again = await call(admin, `/api/plans/${planId}`, "PATCH", {
      classPrices: { large: { minutes: 300, price: 279.99 }, medium: { price: 239.99 } },
    });
    expect(again.body).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });

    // Emptied: every class takes its surcharge.
    await call(admin, `/api/plans/${planId}`, "PATCH", { classPrices: {} });
    expect(await quote({ planId, vehicleType: "Truck" })).toMatchObject({ total: 265.99, minutes: 270 });
  });

  it("refuses a bad cell or an unknown class", async () => {
    const { body: created } = await call(admin, "/api/plans", "POST", {
      name: "Bad Table Wash",
      price: 20,
      packagetype: "services",
      classPrices: { medium: { price: -5 } },
    });
    expect(created.error.fields).toEqual({ "classPrices.medium.price": "Price must be a number from 0 to 100000" });
    const planId = await createPackage();
    const { status, body } = await call(admin, `/api/plans/${planId}`, "PATCH", {
      classPrices: { huge: { price: 9 } },
    });
    expect(status).toBe(400);
    expect(body.error.fields).toHaveProperty("classPrices");
  });
});
