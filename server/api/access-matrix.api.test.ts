import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { as, callAs, jsonPost, signUp, signUpAdmin, refusedForRole, type TestAccount } from "../../tests/accounts";
import { buildPlan, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { users } from "~/.server/db/schema";

/**
 * Every API route of the foundation and accounts issues, called as a visitor, a member,
 * another member and an admin: exactly the designed status and body, and no member reaches
 * another member's data.
 */
const t = setupTestApp();

type Caller = "visitor" | "member" | "other" | "admin";
const callers: Caller[] = ["visitor", "member", "other", "admin"];
let who: Record<Caller, TestAccount | null>;
let planId: string;

const unauthorized = { status: 401, body: { error: { code: "unauthorized", message: "Please log in." } } };

beforeAll(async () => {
  who = { visitor: null, member: await signUp(t), other: await signUp(t), admin: await signUpAdmin(t) };
  const [plan] = await insertPlans(t.database.db, [buildPlan()]);
  planId = plan!.id;
});

const call = (caller: Caller, path: string, init: RequestInit = {}) => callAs(t, who[caller], path, init);

describe("public routes answer everyone alike", () => {
  it.each(callers)("%s", async (caller) => {
    expect((await call(caller, "/api/health")).status).toBe(200);
    const list = await call(caller, "/api/plans");
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect((await call(caller, `/api/plans/${planId}`)).body).toMatchObject({ _id: planId });
  });
});

describe("POST /api/jwt", () => {
  it("refuses a visitor, even one who names an e-mail", async () => {
    expect(await call("visitor", "/api/jwt", jsonPost({ email: "someone@example.com" }))).toEqual(unauthorized);
  });

  it.each(["member", "other", "admin"] as const)("gives %s a token that acts as that caller only", async (caller) => {
    const { status, body } = await call(caller, "/api/jwt", jsonPost({ email: who.member!.email }));
    expect(status).toBe(200);
    expect(body).toEqual({ token: expect.any(String) });
    const session = await t.request("/api/auth/get-session", { headers: { Authorization: `Bearer ${body.token}` } });
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(who[caller]!.email);
  });
});

describe("GET /api/user/admin/:email", () => {
  const expected: Record<Caller, (target: "member" | "admin") => { status: number; body: unknown }> = {
    visitor: () => unauthorized,
    member: (target) =>
      target === "member"
        ? { status: 200, body: { admin: false } }
        : { status: 403, body: { error: { code: "forbidden", message: "You may only ask about your own account." } } },
    other: () => ({
      status: 403,
      body: { error: { code: "forbidden", message: "You may only ask about your own account." } },
    }),
    admin: (target) => ({ status: 200, body: { admin: target === "admin" } }),
  };
  it.each(callers.flatMap((caller) => (["member", "admin"] as const).map((target) => [caller, target] as const)))(
    "%s asking about the %s",
    async (caller, target) => {
      expect(await call(caller, `/api/user/admin/${encodeURIComponent(who[target]!.email)}`)).toEqual(
        expected[caller](target),
      );
    },
  );
});

describe("POST /api/user", () => {
  it("refuses a visitor", async () => {
    expect(await call("visitor", "/api/user", jsonPost({ name: "Nobody" }))).toEqual(unauthorized);
  });

  it("updates only the caller's own record", async () => {
    const result = await call("member", "/api/user", jsonPost({ name: "Renamed Member", email: who.member!.email }));
    expect(result).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedId: null },
    });
    const names = await t.database.db.select({ id: users.id, name: users.name }).from(users);
    expect(names.find((u) => u.id === who.member!.id)?.name).toBe("Renamed Member");
    expect(names.find((u) => u.id === who.other!.id)?.name).toBe(who.other!.name);
  });

  it("refuses to touch another member's record", async () => {
    expect(await call("member", "/api/user", jsonPost({ name: "Hijacked", email: who.other!.email }))).toEqual({
      status: 403,
      body: { error: { code: "forbidden", message: "You may only update your own account." } },
    });
    const [other] = await t.database.db.select().from(users).where(eq(users.id, who.other!.id));
    expect(other!.name).toBe(who.other!.name);
  });
});

describe("admin-only routes", () => {
  const adminRoutes = (victim: () => TestAccount) =>
    [
      ["GET /api/user", () => "/api/user", {}],
      ["GET /api/outbox", () => "/api/outbox", {}],
      ["PATCH /api/user/admin/:id", () => `/api/user/admin/${victim().id}`, { method: "PATCH" }],
      ["DELETE /api/user/:id", () => `/api/user/${victim().id}`, { method: "DELETE" }],
    ] as const;

  it.each(["visitor", "member", "other"] as const)("refuse %s and change nothing", async (caller) => {
    const before = await t.database.db.select().from(users).orderBy(users.id);
    for (const [, path, init] of adminRoutes(() => who.other!)) {
      expect(await call(caller, path(), init)).toEqual(caller === "visitor" ? unauthorized : refusedForRole);
    }
    expect(await t.database.db.select().from(users).orderBy(users.id)).toEqual(before);
  });

  it("answer an admin: list, promote, delete", async () => {
    const list = await call("admin", "/api/user");
    expect(list.status).toBe(200);
    expect(list.body.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([who.member!.email, who.admin!.email]),
    );
    expect(list.body[0]).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: expect.any(String),
      email: expect.any(String),
      role: expect.stringMatching(/^(member|staff|manager|admin)$/),
      permission: "Viewer",
      photo: null,
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toMatch(/password|token/i);

    const victim = await signUp(t);
    expect(await call("admin", `/api/user/admin/${victim.id}`, { method: "PATCH" })).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 },
    });
    expect(await call("admin", `/api/user/admin/${victim.id}`, { method: "PATCH" })).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 0 },
    });
    expect(await call("admin", `/api/user/${victim.id}`, { method: "DELETE" })).toEqual({
      status: 200,
      body: { acknowledged: true, deletedCount: 1 },
    });
    // Their session ended with them.
    const session = await t.request("/api/auth/get-session", as(victim));
    expect(await session.json()).toBeNull();
  });

  it("better-auth's own admin endpoints are not reachable over HTTP", async () => {
    for (const caller of callers) {
      expect((await call(caller, "/api/auth/admin/list-users")).status).toBe(404);
      expect(
        (await call(caller, "/api/auth/admin/set-role", jsonPost({ userId: who.member!.id, role: "admin" }))).status,
      ).toBe(404);
    }
    const [member] = await t.database.db.select().from(users).where(eq(users.id, who.member!.id));
    expect(member!.role).toBe("member");
  });
});

describe("the rules on deleting", () => {
  it("an admin cannot delete themself", async () => {
    expect(await call("admin", `/api/user/${who.admin!.id}`, { method: "DELETE" })).toEqual({
      status: 409,
      body: { error: { code: "conflict", message: "You can't delete your own account." } },
    });
  });

  // With self-deletion refused, the last admin could only go through a race between two admins.
  it("two admins deleting each other at once: exactly one succeeds", { tags: ["engine"] }, async () => {
    await t.database.db.update(users).set({ role: "member" }).where(eq(users.role, "admin"));
    const [a, b] = [await signUpAdmin(t), await signUpAdmin(t)];
    const results = await Promise.all([
      t.request(`/api/user/${b.id}`, as(a, { method: "DELETE" })),
      t.request(`/api/user/${a.id}`, as(b, { method: "DELETE" })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, expect.any(Number)]);
    expect(await t.database.db.$count(users, eq(users.role, "admin"))).toBe(1);
    await t.database.db.update(users).set({ role: "admin" }).where(eq(users.id, who.admin!.id));
  });
});
