import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents, users } from "~/.server/db/schema";
import { OWN_ROLE } from "~/features/users/users.server";
import { UNKNOWN_ROLE } from "~/features/users/users.schema";
import type { Actor } from "~/lib/access";
import type { Role } from "~/lib/roles";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { setupTestApp } from "../../tests/test-app";

/**
 * Issue 45, item 2: PUT /api/user/{id}/role sets any of the four roles, admins only; it holds from
 * the user's next request; it is recorded as user.role; nobody changes their own; the last admin is
 * never demoted, also when two admins change each other's at once. The seed's PATCH and DELETE
 * /api/user/admin/{id} are the same change.
 */
const t = setupTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const setRole = (who: TestAccount | null, id: string, body: unknown) =>
  callAs(t, who, `/api/user/${id}/role`, jsonPost(body, { method: "PUT" }));
const roleIn = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!.role;
const withRole = async (role: Role) => {
  const account = await signUp(t);
  await t.database.db.update(users).set({ role }).where(eq(users.id, account.id));
  return account;
};
const roleRecords = (id: string) =>
  t.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.kind, "user.role"), eq(auditEvents.subjectId, id)))
    .orderBy(auditEvents.at, auditEvents.id);
/** Only these accounts are admins (the others made in this file become members). */
async function onlyAdmins(...accounts: TestAccount[]) {
  await t.database.db.update(users).set({ role: "member" }).where(eq(users.role, "admin"));
  await t.database.db
    .update(users)
    .set({ role: "admin" })
    .where(
      inArray(
        users.id,
        accounts.map((a) => a.id),
      ),
    );
}
const asActor = (x: TestAccount): Actor => ({
  id: x.id,
  name: x.name,
  email: x.email,
  role: "admin",
  emailVerified: true,
});

describe("who may set a role", () => {
  it("only an admin: a visitor is asked to log in; a member, staff member or manager is refused; nothing changes", async () => {
    const target = await signUp(t);
    const [staff, manager] = [await withRole("staff"), await withRole("manager")];
    expect((await setRole(null, target.id, { role: "admin" })).status).toBe(401);
    for (const caller of [await signUp(t), staff, manager]) {
      const refused = await setRole(caller, target.id, { role: "admin" });
      expect(refused).toEqual({
        status: 403,
        body: { error: { code: "forbidden", message: "Only administrators may do this." } },
      });
    }
    expect(await roleIn(target.id)).toBe("member");
    expect(await roleRecords(target.id)).toEqual([]);
  });
});

describe("an admin sets a role", () => {
  it("each of the four, which holds from the user's next request, and is recorded with before and after", async () => {
    const dana = await signUp(t, { name: "Dana Desk" });
    const answer = await setRole(admin, dana.id, { role: "staff" });
    expect(answer).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1, role: "staff" },
    });
    expect(await roleIn(dana.id)).toBe("staff");
    const list = await callAs(t, admin, `/api/user?q=${encodeURIComponent(dana.email)}`);
    expect(list.body).toEqual([expect.objectContaining({ _id: dana.id, role: "staff" })]);

    // An admin's route answers Dana at once when she is made an admin, and refuses her at once after.
    expect((await callAs(t, dana, "/api/user?limit=1")).status).toBe(403);
    expect((await setRole(admin, dana.id, { role: "admin" })).body.role).toBe("admin");
    expect((await callAs(t, dana, "/api/user?limit=1")).status).toBe(200);
    expect((await setRole(admin, dana.id, { role: "manager" })).body.role).toBe("manager");
    expect((await callAs(t, dana, "/api/user?limit=1")).status).toBe(403);
    expect((await setRole(admin, dana.id, { role: "member" })).body.modifiedCount).toBe(1);

    // The same role again changes nothing and records nothing.
    expect((await setRole(admin, dana.id, { role: "member" })).body).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 0,
      role: "member",
    });
    const records = await roleRecords(dana.id);
    expect(records.map((r) => [r.before, r.after])).toEqual([
      [{ role: "member" }, { role: "staff" }],
      [{ role: "staff" }, { role: "admin" }],
      [{ role: "admin" }, { role: "manager" }],
      [{ role: "manager" }, { role: "member" }],
    ]);
    expect(records[0]).toMatchObject({
      actorId: admin.id,
      actorRole: "admin",
      subjectType: "user",
      summary: "Role of Dana Desk: member → staff",
    });
  });

  it("refuses an unknown role, a missing one or another field with 400 and clear words; an unknown user is 404", async () => {
    const target = await signUp(t);
    for (const body of [{ role: "owner" }, { role: "Admin" }, {}, { role: 3 }]) {
      const refused = await setRole(admin, target.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.fields).toEqual({ role: UNKNOWN_ROLE });
    }
    expect((await setRole(admin, target.id, { role: "staff", email: "x@example.com" })).status).toBe(400);
    expect(await roleIn(target.id)).toBe("member");
    expect((await setRole(admin, "0123456789abcdef01234567", { role: "staff" })).status).toBe(404);
    expect((await setRole(admin, "not-an-id", { role: "staff" })).status).toBe(404);
  });

  it("never one's own: another admin can change it", async () => {
    const refused = await setRole(admin, admin.id, { role: "manager" });
    expect(refused).toEqual({ status: 409, body: { error: { code: "conflict", message: OWN_ROLE } } });
    expect(await roleIn(admin.id)).toBe("admin");
    expect((await setRole(admin, admin.id, { role: "admin" })).body.modifiedCount).toBe(0);
  });
});

describe("the specification's promote and demote are the same change", () => {
  it("PATCH makes staff an admin; DELETE takes only an admin's rights away; both recorded as user.role", async () => {
    const sam = await withRole("staff");
    expect(await callAs(t, admin, `/api/user/admin/${sam.id}`, { method: "PATCH" })).toEqual({
      status: 200,
      body: { acknowledged: true, matchedCount: 1, modifiedCount: 1 },
    });
    expect(await roleIn(sam.id)).toBe("admin");
    expect((await callAs(t, admin, `/api/user/admin/${sam.id}`, { method: "DELETE" })).body.modifiedCount).toBe(1);
    expect(await roleIn(sam.id)).toBe("member");
    expect((await roleRecords(sam.id)).map((r) => r.after)).toEqual([{ role: "admin" }, { role: "member" }]);

    // A manager is no admin: DELETE leaves them a manager.
    const mo = await withRole("manager");
    expect((await callAs(t, admin, `/api/user/admin/${mo.id}`, { method: "DELETE" })).body.modifiedCount).toBe(0);
    expect(await roleIn(mo.id)).toBe("manager");
  });
});

describe("the last admin", () => {
  it("is never demoted, even by a request that was an admin's a moment before", async () => {
    const [owner, former] = [await signUp(t, { name: "Only Owner" }), await signUp(t)];
    await onlyAdmins(owner);
    // `former` passed the session check as an admin, and was made a member meanwhile.
    for (const role of ["member", "staff", "manager"] as const) {
      await expect(t.services.users.setRole(asActor(former), owner.id, role)).rejects.toThrow(
        `The last administrator can't be made ${role === "member" ? "a member" : role === "staff" ? "staff" : "a manager"}.`,
      );
    }
    expect(await roleIn(owner.id)).toBe("admin");
    expect(await roleRecords(owner.id)).toEqual([]);
    await onlyAdmins(admin);
  });

  it("two admins making each other staff at once leave exactly one admin", { tags: ["engine"] }, async () => {
    // Through the API the later request may already be staff's (403), or meet the lock (409).
    const [a, b] = [await signUp(t), await signUp(t)];
    await onlyAdmins(a, b);
    const answers = await Promise.all([setRole(a, b.id, { role: "staff" }), setRole(b, a.id, { role: "staff" })]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect([403, 409]).toContain(answers.find((r) => r.status !== 200)!.status);
    expect([await roleIn(a.id), await roleIn(b.id)].filter((r) => r === "admin")).toHaveLength(1);

    // Both past the session check at once: the lock makes the second count one admin and refuse.
    const [c, d] = [await signUp(t), await signUp(t)];
    await onlyAdmins(c, d);
    const outcomes = await Promise.allSettled([
      t.services.users.setRole(asActor(c), d.id, "manager"),
      t.services.users.setRole(asActor(d), c.id, "member"),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const refusal = outcomes.find((o) => o.status === "rejected") as PromiseRejectedResult;
    expect(refusal.reason.message).toMatch(/^The last administrator can't be made (a manager|a member)\.$/);
    expect([await roleIn(c.id), await roleIn(d.id)].filter((r) => r === "admin")).toHaveLength(1);
    await onlyAdmins(admin);
  });
});
