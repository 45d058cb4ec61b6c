import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "~/.server/db/schema";
import { requirePageActor } from "~/features/users/page-access.server";
import type { Role } from "~/lib/roles";
import { callAs, jsonPost, signUp, signUpAdmin, signUpAs, type TestAccount } from "../../tests/accounts";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";
import { turnOnTwoFactor } from "../../tests/two-factor";
import { TWO_FACTOR_FIRST } from "./operation-access";

const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
});

const withRole = (role: Role) => signUpAs(t, role);

const requireIt = (on: boolean, who: TestAccount | null = admin) =>
  callAs(t, who, "/api/security-settings", jsonPost({ requireTwoFactorForTeam: on }, { method: "PUT" }));

/** Where a dashboard page takes the account: "opens", or the path it is sent to. */
async function dashboardPage(account: TestAccount, path = "/dashboard/reports"): Promise<string> {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { Cookie: account.cookie } });
  try {
    await requirePageActor({ request, context: { services: t.services } as unknown as AppLoadContext });
    return "opens";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("Location") ?? String(thrown.status);
    throw thrown;
  }
}

describe("the security setting", () => {
  it("is read and changed by admins only, and each change is recorded", async () => {
    expect((await callAs(t, null, "/api/security-settings")).status).toBe(401);
    expect((await callAs(t, member, "/api/security-settings")).status).toBe(403);
    expect((await requireIt(true, member)).status).toBe(403);
    for (const role of ["staff", "manager"] as const)
      expect((await requireIt(true, await withRole(role))).status).toBe(403);
    expect(await callAs(t, admin, "/api/security-settings")).toEqual({
      status: 200,
      body: { requireTwoFactorForTeam: false },
    });
    expect(await requireIt(true)).toEqual({ status: 200, body: { requireTwoFactorForTeam: true } });
    expect((await callAs(t, member, "/api/security-settings")).status).toBe(403);
    expect((await callAs(t, admin, "/api/security-settings")).body).toEqual({ requireTwoFactorForTeam: true });
    const bad = await callAs(
      t,
      admin,
      "/api/security-settings",
      jsonPost({ requireTwoFactorForTeam: "yes" }, { method: "PUT" }),
    );
    expect(bad.status).toBe(400);
    expect(await requireIt(false)).toEqual({ status: 200, body: { requireTwoFactorForTeam: false } });
    const records = await t.database.db
      .select({ kind: auditEvents.kind, summary: auditEvents.summary, actor: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, "security"))
      .orderBy(auditEvents.at, auditEvents.id);
    expect(records).toEqual([
      {
        kind: "settings.update",
        summary: "Security settings: two-factor sign-in for staff, managers and admins required",
        actor: admin.id,
      },
      {
        kind: "settings.update",
        summary: "Security settings: two-factor sign-in for staff, managers and admins not required",
        actor: admin.id,
      },
    ]);
  });

  it("when on, sends staff, managers and admins without two-factor to set it up; never members", async () => {
    const [staff, manager, otherAdmin] = [await withRole("staff"), await withRole("manager"), await signUpAdmin(t)];
    expect(await dashboardPage(staff)).toBe("opens");
    expect((await requireIt(true)).status).toBe(200);
    try {
      for (const account of [staff, manager, otherAdmin])
        expect(await dashboardPage(account)).toBe("/dashboard/security?required=1");
      // Through the API too: the day's list waits for the second factor; the account's own data does not.
      expect(await callAs(t, staff, "/api/bookings/day?date=2031-01-07")).toEqual({
        status: 403,
        body: { error: { code: "forbidden", message: TWO_FACTOR_FIRST } },
      });
      expect((await callAs(t, staff, "/api/vehicles")).status).toBe(200);
      expect(await dashboardPage(staff, "/dashboard")).toBe("/dashboard/security?required=1");
      // The page to set it up opens; a member is never sent there.
      expect(await dashboardPage(staff, "/dashboard/security")).toBe("opens");
      expect(await dashboardPage(member, "/dashboard/my-bookings")).toBe("opens");

      await turnOnTwoFactor(t, staff);
      expect(await dashboardPage(staff)).toBe("opens");
      expect((await callAs(t, staff, "/api/bookings/day?date=2031-01-07")).status).toBe(200);
      // And it stays on while required.
      const off = await callAs(t, staff, "/api/auth/two-factor/disable", jsonPost({ password: staff.password }));
      expect(off).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
      expect(await dashboardPage(staff)).toBe("opens");
    } finally {
      await requireIt(false);
    }
    expect(await dashboardPage(manager)).toBe("opens");
  });
});
