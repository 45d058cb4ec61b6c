import { beforeAll, describe, expect, it } from "vitest";
import type { Plan } from "~/features/plans/plans.schema";
import { buildHotel, buildPlan, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { plans } from "~/.server/db/schema";

const t = setupTestApp();
const day = (n: number) => new Date(Date.UTC(2025, 0, n));

describe("GET /api/plans", () => {
  beforeAll(async () => {
    await insertPlans(t.database.db, [
      ...Array.from({ length: 57 }, (_, i) => buildPlan({ name: `Wash ${i + 1}`, at: day(i + 1) })),
      buildPlan({ name: "Newest Premium", packageType: "premium", at: day(200) }),
      buildHotel({ hotelName: "Harbor Hotel", rating: 4.5, priceIndicator: "££", at: day(150) }),
      buildHotel({ hotelName: " ", at: day(100) }),
    ]);
    t.services.plans.invalidateCatalogue();
  });

  it("answers a JSON array of plans, newest first, with the total in X-Total-Count", async () => {
    const { status, headers, body } = await t.json<Plan[]>("/api/plans");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(headers.get("x-total-count")).toBe("60");
    expect(body).toHaveLength(50);
    expect(body[0]).toMatchObject({ name: "Newest Premium", packagetype: "premium" });
    expect(body[1]).toMatchObject({ field: "hotel", hotelName: "Harbor Hotel" });
    for (const plan of body) expect(plan._id).toMatch(/^[0-9a-f]{24}$/);
  });

  it("sends every field of a package in the specification's shape, and its price in every size class", async () => {
    const { body } = await t.json<Plan[]>("/api/plans?kind=packages&limit=1");
    const price = body[0]!.price as number;
    expect(body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: "Newest Premium",
      price: expect.any(Number),
      duration: "45 minutes",
      minutes: 45,
      features: ["Hand wash", "Tire shine"],
      packagetype: "premium",
      // Decision 047: the service it is for.
      serviceType: "Hand Wash",
      date: day(200).toISOString(),
      createdAt: day(200).toISOString(),
      updatedAt: day(200).toISOString(),
      // Issue 27: no class table of its own, so the larger classes take their surcharge and extra minutes.
      prices: [
        { classId: "small", className: "Small", price, minutes: 45 },
        { classId: "medium", className: "Medium", price: Math.round(price * 120) / 100, minutes: 60 },
        { classId: "large", className: "Large", price: Math.round(price * 140) / 100, minutes: 75 },
      ],
      classPrices: {},
    });
  });

  it("gives hotel entries the specification's defaults", async () => {
    const { body, headers } = await t.json<Plan[]>("/api/plans?kind=hotels");
    expect(headers.get("x-total-count")).toBe("2");
    expect(body[0]).toMatchObject({
      field: "hotel",
      name: "empty",
      price: "empty",
      duration: "empty",
      features: [],
      packagetype: "none",
      hotelName: "Harbor Hotel",
      rating: 4.5,
      priceIndicator: "££",
    });
    expect(body[1]).toMatchObject({ hotelName: "Unnamed Hotel", rating: null });
  });

  it("pages with limit and offset without overlap", async () => {
    const first = await t.json<Plan[]>("/api/plans?limit=30&offset=0");
    const second = await t.json<Plan[]>("/api/plans?limit=30&offset=30");
    expect(first.body).toHaveLength(30);
    expect(second.body).toHaveLength(30);
    const ids = new Set([...first.body, ...second.body].map((p) => p._id));
    expect(ids.size).toBe(60);
  });

  it.each([
    ["limit=0", "limit", "limit must be between 1 and 200"],
    ["limit=201", "limit", "limit must be between 1 and 200"],
    ["limit=abc", "limit", expect.any(String)],
    ["offset=-1", "offset", "offset must be 0 or more"],
    ["kind=cars", "kind", expect.any(String)],
  ])("refuses ?%s with 400 and a message for %s", async (query, field, message) => {
    const { status, body } = await t.json<{ error: { code: string; fields: Record<string, string> } }>(
      `/api/plans?${query}`,
    );
    expect(status).toBe(400);
    expect(body.error.code).toBe("validation_failed");
    expect(body.error.fields[field]).toEqual(message);
  });

  it("answers 304 to a matching If-None-Match and a new ETag after the catalogue changes", async () => {
    const first = await t.request("/api/plans?kind=packages");
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await t.request("/api/plans?kind=packages", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);

    await insertPlans(t.database.db, [buildPlan({ name: "Brand New Wash", at: day(300) })]);
    t.services.plans.invalidateCatalogue();
    const changed = await t.request("/api/plans?kind=packages", { headers: { "If-None-Match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(((await changed.json()) as Plan[])[0]!.name).toBe("Brand New Wash");
    await t.database.db.delete(plans);
    t.services.plans.invalidateCatalogue();
  });
});

describe("GET /api/plans/:id", () => {
  let saved: { id: string };
  beforeAll(async () => {
    const [row] = await insertPlans(t.database.db, [buildPlan({ name: "Ceramic Shield", features: [] })]);
    saved = row!;
  });

  it("answers the plan", async () => {
    const { status, body } = await t.json<Plan>(`/api/plans/${saved.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: saved.id, name: "Ceramic Shield", features: [] });
  });

  it.each([
    ["an unknown id", "0123456789abcdef01234567"],
    ["a malformed id", "not-an-id"],
    ["an upper-case id", "0123456789ABCDEF01234567"],
    ["an injection attempt", "1' or '1'='1"],
  ])("answers 404 with the error body for %s", async (_label, id) => {
    const { status, body } = await t.json(`/api/plans/${encodeURIComponent(id)}`);
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: "not_found", message: "Plan not found." } });
  });
});

describe("the rest of /api", () => {
  it("reports health with a database round trip and its kind", async () => {
    const { status, body } = await t.json("/api/health");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: "ok",
      database: {
        kind: process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite",
        reachable: true,
        latencyMs: expect.any(Number),
      },
    });
  });

  it("answers unknown API routes with a JSON 404", async () => {
    const { status, body } = await t.json("/api/no-such-thing");
    expect(status).toBe(404);
    expect(body).toEqual({ error: { code: "not_found", message: "API route not found." } });
  });

  it("publishes an OpenAPI 3.1 document generated from the schemas, and a reference page", async () => {
    const { status, body } = await t.json<{
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    }>("/api/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/health", "/plans", "/plans/{id}"]));
    expect(body.components.schemas.Plan).toMatchObject({
      type: "object",
      properties: expect.objectContaining({ _id: expect.anything() }),
    });

    const page = await t.request("/api/docs");
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("/api/plans/{id}");
    expect(html).toContain("Plan");
  });
});

describe("the catalogue's page cache", () => {
  it("holds the pages asked for lately, not every limit and offset ever asked for", async () => {
    const { plans: service } = t.services;
    await t.database.db.delete(plans);
    service.invalidateCatalogue();
    const first = await service.listCatalogue({ kind: "packages", limit: 1, offset: 0 });
    expect(first.total).toBe(0);

    // Written around the service: the cached page does not see it…
    await insertPlans(t.database.db, [buildPlan({ name: "Written Directly" })]);
    expect((await service.listCatalogue({ kind: "packages", limit: 1, offset: 0 })).total).toBe(0);
    // …until a hundred other pages have pushed it out.
    for (let offset = 1; offset <= 100; offset++) await service.listCatalogue({ kind: "packages", limit: 1, offset });
    expect((await service.listCatalogue({ kind: "packages", limit: 1, offset: 0 })).total).toBe(1);
  });
});
