import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { plans } from "~/.server/db/schema";
import type { Plan } from "~/features/plans/plans.schema";
import { signUpAdmin, type TestAccount } from "../../tests/accounts";
import { listeners, setupOtherProcess, waitUntil } from "../../tests/other-process";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";

/**
 * The catalogue is cached in every process and dropped on every write: by this process at once,
 * and (PostgreSQL) by every other process on the database through LISTEN/NOTIFY.
 */
const t = setupTestApp();
let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const send = (method: string, body?: unknown) => ({
  method,
  headers: { "Content-Type": "application/json", Origin: TEST_ORIGIN, Cookie: admin.cookie },
  body: body === undefined ? undefined : JSON.stringify(body),
});

async function createPlan(name: string, price: number): Promise<string> {
  const created = await t.json<{ insertedId: string }>(
    "/api/plans",
    send("POST", { name, price, packagetype: "premium" }),
  );
  expect(created.status).toBe(201);
  return created.body.insertedId;
}

type Get = (path: string, init?: RequestInit) => Promise<Response>;

async function listPlans(get: Get, etag?: string) {
  const response = await get("/api/plans?limit=200", etag ? { headers: { "If-None-Match": etag } } : undefined);
  const text = await response.text();
  return {
    status: response.status,
    etag: response.headers.get("etag")!,
    plans: text ? (JSON.parse(text) as Plan[]) : [],
  };
}

const priceOf = (list: Plan[], id: string) => list.find((p) => p._id === id)?.price;

/** GET /api/plans/{id}'s price. */
async function entryPrice(get: Get, id: string) {
  const response = await get(`/api/plans/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Plan).price;
}

describe("in this process", () => {
  it("shows a created, re-priced and deleted package in the next list, under a new ETag", async () => {
    const get: Get = (p, init) => t.request(p, init);
    const before = await listPlans(get);
    expect((await listPlans(get, before.etag)).status).toBe(304);
    // As a browser sends it back after a compressed answer (compress() weakens the ETag).
    expect((await listPlans(get, `W/${before.etag}`)).status).toBe(304);

    const id = await createPlan("Cache Test Wash", 20);
    const created = await listPlans(get, before.etag);
    expect(created.status).toBe(200);
    expect(priceOf(created.plans, id)).toBe(20);

    // The package's own answer is kept as the pages are, and dropped with them.
    expect(await entryPrice(get, id)).toBe(20);
    expect((await t.request(`/api/plans/${id}`, send("PATCH", { price: 25 }))).status).toBe(200);
    const repriced = await listPlans(get, created.etag);
    expect(repriced.status).toBe(200);
    expect(priceOf(repriced.plans, id)).toBe(25);
    expect(await entryPrice(get, id)).toBe(25);

    expect((await t.request(`/api/plans/${id}`, send("DELETE"))).status).toBe(200);
    expect((await get(`/api/plans/${id}`)).status).toBe(404);
    const deleted = await listPlans(get, repriced.etag);
    expect(deleted.status).toBe(200);
    expect(priceOf(deleted.plans, id)).toBeUndefined();
    expect(deleted.etag).toBe(before.etag);
  });
});

// Another process exists only on PostgreSQL: the embedded database is one process's (DATA_DIR's lock).
if (process.env.TEST_DB_KIND === "postgres") {
  describe("in another process on the same PostgreSQL database", { tags: ["engine"] }, () => {
    const other = setupOtherProcess(t);
    const get: Get = (p, init) => other.request(p, init);

    it("sees a package created, re-priced and deleted here within a second, and its ETags change", async () => {
      const cached = await listPlans(get);
      expect((await listPlans(get, cached.etag)).status).toBe(304);

      const id = await createPlan("Across Processes Wash", 30);
      const created = await waitFor(get, (list) => priceOf(list.plans, id) === 30, cached.etag);
      expect(await entryPrice(get, id)).toBe(30);
      await t.request(`/api/plans/${id}`, send("PATCH", { price: 35 }));
      const repriced = await waitFor(get, (list) => priceOf(list.plans, id) === 35, created.etag);
      // The other process's kept package went with its pages.
      expect(await entryPrice(get, id)).toBe(35);
      await t.request(`/api/plans/${id}`, send("DELETE"));
      await waitFor(get, (list) => priceOf(list.plans, id) === undefined, repriced.etag);
    });

    it("drops its cache when its listener connects again, as notifications may have been missed", async () => {
      const id = await createPlan("Missed Notice Wash", 40);
      const cached = await waitFor(get, (list) => priceOf(list.plans, id) === 40);
      // Both processes' listeners go, and the change below sends no NOTIFY at all (a write around the service).
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'carwash-listener'`,
      );
      await t.database.db.update(plans).set({ priceCents: 4500 }).where(eq(plans.id, id));
      await waitFor(get, (list) => priceOf(list.plans, id) === 45, cached.etag);
      await waitUntil(async () => (await listeners(t)) === 2);
    });
  });
}

/** Polls `get`'s list until `seen` holds, for at most a second; the answer to the old ETag must then be a new list. */
async function waitFor(get: Get, seen: (list: Awaited<ReturnType<typeof listPlans>>) => boolean, oldEtag?: string) {
  const started = Date.now();
  let list = await listPlans(get);
  while (!seen(list)) {
    expect(Date.now() - started, "seen within a second").toBeLessThan(1000);
    await new Promise((resolve) => setTimeout(resolve, 25));
    list = await listPlans(get);
  }
  if (oldEtag) {
    expect(list.etag).not.toBe(oldEtag);
    const conditional = await listPlans(get, oldEtag);
    expect(conditional.status).toBe(200);
    expect(seen(conditional)).toBe(true);
  }
  return list;
}
