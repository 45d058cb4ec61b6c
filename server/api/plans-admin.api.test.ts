import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "~/features/plans/plans.schema";
import { as, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildHotel, buildPlan, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { plans } from "~/.server/db/schema";

const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
});

const post = (account: TestAccount | null, body: unknown) =>
  t.request("/api/plans", jsonPost(body, { cookie: account?.cookie }));
const patch = (account: TestAccount | null, id: string, body: unknown) =>
  t.request(`/api/plans/${id}`, jsonPost(body, { cookie: account?.cookie, method: "PATCH" }));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const validPackage = {
  name: "Ceramic Coat",
  price: 249.99,
  packagetype: "premium",
  features: "Paint correction\nCeramic layer, 2-year guarantee",
};

describe("POST /api/plans", () => {
  it("adds a package that the public list shows at once, even though the list is cached", async () => {
    const before = await t.json<Plan[]>("/api/plans?kind=packages");
    const response = await post(admin, { ...validPackage, date: "1999-01-01T00:00:00Z", duration: "nothing" });
    expect(response.status).toBe(201);
    const { insertedId, acknowledged } = (await response.json()) as { insertedId: string; acknowledged: boolean };
    expect(acknowledged).toBe(true);
    const after = await t.json<Plan[]>("/api/plans?kind=packages");
    expect(after.body.length).toBe(before.body.length + 1);
    expect(after.body[0]).toMatchObject({
      _id: insertedId,
      name: "Ceramic Coat",
      price: 249.99,
      packagetype: "premium",
      duration: "nothing",
      features: ["Paint correction", "Ceramic layer", "2-year guarantee"],
    });
    // The client's date is not trusted: the server stamps it.
    expect(after.body[0]!.date!.startsWith("1999")).toBe(false);
  });

  it("reads packageType as well as packagetype", async () => {
    const response = await post(admin, { name: "Wheel Detail", price: 30, packageType: "services" });
    expect(response.status).toBe(201);
    const { insertedId } = (await response.json()) as { insertedId: string };
    expect((await t.json<Plan>(`/api/plans/${insertedId}`)).body.packagetype).toBe("services");
  });

  it("adds a hotel entry with the specification's defaults", async () => {
    const response = await post(admin, {
      field: "hotel",
      hotelName: "Seaside Inn",
      hotelDescription: "Ocean views, free parking",
      rating: "4.5",
      priceIndicator: "£££",
      image: "/uploads/0123456789abcdef01234567.webp",
      name: "empty",
      price: "empty",
      duration: "empty",
      features: [],
      packagetype: "none",
    });
    expect(response.status).toBe(201);
    const { insertedId } = (await response.json()) as { insertedId: string };
    expect((await t.json<Plan>(`/api/plans/${insertedId}`)).body).toMatchObject({
      field: "hotel",
      hotelName: "Seaside Inn",
      rating: 4.5,
      priceIndicator: "£££",
      name: "empty",
      price: "empty",
      duration: "empty",
      features: [],
      packagetype: "none",
      image: "/uploads/0123456789abcdef01234567.webp",
    });
    const unnamed = await post(admin, { field: "hotel", rating: "" });
    const { insertedId: unnamedId } = (await unnamed.json()) as { insertedId: string };
    expect((await t.json<Plan>(`/api/plans/${unnamedId}`)).body).toMatchObject({
      hotelName: "Unnamed Hotel",
      rating: null,
    });
  });

  it.each([
    ["no name", { ...validPackage, name: "" }, "name", "Package name is required"],
    ["a short name", { ...validPackage, name: "Ab" }, "name", "At least 3 characters"],
    ["no type", { ...validPackage, packagetype: undefined }, "packagetype", "Please choose a package type"],
    ["an unknown type", { ...validPackage, packagetype: "deluxe" }, "packagetype", "Please choose a package type"],
    ["a zero price", { ...validPackage, price: 0 }, "price", "Must be greater than 0"],
    ["a negative price", { ...validPackage, price: -5 }, "price", "Must be greater than 0"],
    ["a price in words", { ...validPackage, price: "ten" }, "price", "Price must be a number"],
    ["a boolean price", { ...validPackage, price: true }, "price", "Price must be a number"],
    ["fractions of a cent", { ...validPackage, price: 10.001 }, "price", "At most two decimals (cents)"],
    [
      "an over-long feature",
      { ...validPackage, features: ["x".repeat(161)] },
      "features.0",
      "Each feature at most 160 characters",
    ],
    ["an unknown field", { ...validPackage, discount: 50 }, "_", 'Unrecognized key: "discount"'],
    ["a hotel rating above 5", { field: "hotel", rating: 7 }, "rating", "Rating must be between 0 and 5"],
    [
      "a hotel price indicator in dollars",
      { field: "hotel", priceIndicator: "$$" },
      "priceIndicator",
      "Choose £, ££, £££ or ££££",
    ],
    [
      "a hotel image on another scheme",
      { field: "hotel", image: "javascript:alert(1)" },
      "image",
      "Image must be an uploaded file or a web address",
    ],
  ])("refuses %s with its message and adds nothing", async (_label, body, field, message) => {
    const count = await t.database.db.$count(plans);
    const response = await post(admin, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
    expect(await t.database.db.$count(plans)).toBe(count);
  });

  it("refuses malformed JSON", async () => {
    const response = await post(admin, "{nope");
    expect(response.status).toBe(400);
  });
});

describe("PATCH /api/plans/:id", () => {
  let id: string;
  beforeAll(async () => {
    const [row] = await insertPlans(t.database.db, [
      buildPlan({ name: "Interior Refresh", priceCents: 8000, duration: "1 hour", features: ["Vacuum"] }),
    ]);
    id = row!.id;
  });

  it("changes only the fields sent", async () => {
    const response = await patch(admin, id, { price: 75.5 });
    expect(await response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const { body } = await t.json<Plan>(`/api/plans/${id}`);
    expect(body).toMatchObject({ name: "Interior Refresh", price: 75.5, duration: "1 hour", features: ["Vacuum"] });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(body.createdAt));
    const list = await t.json<Plan[]>("/api/plans?kind=packages");
    expect(list.body.find((p) => p._id === id)?.price).toBe(75.5);
  });

  it("accepts 0 as a price, and reports no modification when nothing differs", async () => {
    expect(await (await patch(admin, id, { price: 0 })).json()).toMatchObject({ modifiedCount: 1 });
    expect(await (await patch(admin, id, { price: 0 })).json()).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 0,
    });
  });

  it.each([
    ["an empty body", {}, "_", "You haven’t changed anything."],
    ["a short name", { name: "Hi" }, "name", "At least 3 characters"],
    ["a negative price", { price: -1 }, "price", "Must be ≥ 0"],
    ["an unknown field", { hotelName: "X" }, "_", 'Unrecognized key: "hotelName"'],
    [
      "disagreeing types",
      { packagetype: "premium", packageType: "economy" },
      "packagetype",
      "packagetype and packageType disagree",
    ],
  ])("refuses %s and changes nothing", async (_label, body, field, message) => {
    const [before] = await t.database.db.select().from(plans).where(eq(plans.id, id));
    const response = await patch(admin, id, body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).fields?.[field]).toBe(message);
    const [after] = await t.database.db.select().from(plans).where(eq(plans.id, id));
    expect(after).toEqual(before);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    expect((await patch(admin, "0123456789abcdef01234567", { price: 1 })).status).toBe(404);
    expect((await patch(admin, "zzz", { price: 1 })).status).toBe(404);
  });
});

describe("DELETE /api/plans/:id", () => {
  it("deletes a plan, which then disappears from the public list", async () => {
    const [row] = await insertPlans(t.database.db, [buildPlan({ name: "Short Lived" })]);
    t.services.plans.invalidateCatalogue();
    expect((await t.json<Plan[]>("/api/plans")).body.some((p) => p._id === row!.id)).toBe(true);
    const response = await t.request(`/api/plans/${row!.id}`, as(admin, { method: "DELETE" }));
    expect(await response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.json<Plan[]>("/api/plans")).body.some((p) => p._id === row!.id)).toBe(false);
    expect((await t.request(`/api/plans/${row!.id}`, as(admin, { method: "DELETE" }))).status).toBe(404);
  });
});

describe("only admins write the catalogue", () => {
  it.each([
    ["visitor", 401],
    ["member", 403],
  ] as const)("a %s is refused every write, whatever the body, and nothing changes", async (who, status) => {
    const account = who === "visitor" ? null : member;
    const [row] = await insertPlans(t.database.db, [buildPlan(), buildHotel()]);
    const before = await t.database.db.select().from(plans).orderBy(plans.id);
    for (const response of [
      await post(account, validPackage),
      await post(account, { name: "" }),
      await post(account, { field: "hotel", hotelName: "Sneaky" }),
      await patch(account, row!.id, { price: 1 }),
      await patch(account, row!.id, { bogus: true }),
      await t.request(`/api/plans/${row!.id}`, as(account, { method: "DELETE" })),
    ]) {
      expect(response.status).toBe(status);
    }
    expect(await t.database.db.select().from(plans).orderBy(plans.id)).toEqual(before);
  });
});
