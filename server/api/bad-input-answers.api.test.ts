import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, buildPlan, inDays, insertPlans } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";
import { PLAIN_TEXT_MESSAGE } from "~/lib/text-field";

/** What the outside run's 500s answer now: a 400 naming the field, with its message. */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "1000" } });
let admin: TestAccount;
let member: TestAccount;
let planId: string;

beforeAll(async () => {
  [admin, member] = [await signUpAdmin(t), await signUp(t)];
  planId = (await insertPlans(t.database.db, [buildPlan()]))[0]!.id;
});

const refusal = (fields: Record<string, string>) => ({
  status: 400,
  body: { error: { code: "validation_failed", message: "Please check the highlighted fields.", fields } },
});

describe("a NUL in a text field", () => {
  it.each([
    [
      "POST /api/bookings",
      () => ["/api/bookings", jsonPost(buildBookingRequest({ fullName: "Ann\u0000Lee" }))] as const,
      null,
      { fullName: "Use letters, spaces and punctuation only" },
    ],
    [
      "POST /api/plans",
      () => ["/api/plans", jsonPost({ name: "Gold\u0000", price: 20, packagetype: "premium" })] as const,
      "admin",
      { name: PLAIN_TEXT_MESSAGE },
    ],
    [
      "PATCH /api/plans/{id}",
      () => [`/api/plans/${planId}`, jsonPost({ features: ["Wax\u0000"] }, { method: "PATCH" })] as const,
      "admin",
      { "features.0": PLAIN_TEXT_MESSAGE },
    ],
    [
      "POST /api/user",
      () => ["/api/user", jsonPost({ name: "\u0000" })] as const,
      "member",
      { name: PLAIN_TEXT_MESSAGE },
    ],
    [
      "POST /api/closed-dates",
      () => ["/api/closed-dates", jsonPost({ date: inDays(5), reason: "Stock\u0000take" })] as const,
      "admin",
      { reason: PLAIN_TEXT_MESSAGE },
    ],
    ["GET /api/bookings?q=", () => ["/api/bookings?q=a%00b", {}] as const, "admin", { q: PLAIN_TEXT_MESSAGE }],
  ])("%s answers 400 with the field's message", async (_label, request, who, fields) => {
    const [path, init] = request();
    const account = who === "admin" ? admin : who === "member" ? member : null;
    expect(await callAs(t, account, path, init)).toEqual(refusal(fields));
  });

  it("and a lone surrogate, which UTF-8 cannot hold, likewise", async () => {
    const body = '{"name":"Ann\\ud800Lee"}';
    expect(await callAs(t, member, "/api/user", jsonPost(body))).toEqual(refusal({ name: PLAIN_TEXT_MESSAGE }));
  });

  it("keeps line breaks where the field is multi-line", async () => {
    const request = buildBookingRequest({ specialInstructions: "Back door\r\n\tplease" });
    expect((await callAs(t, null, "/api/bookings", jsonPost(request))).status).toBe(201);
  });
});

describe("a date PostgreSQL cannot hold", () => {
  it.each(["0000-01-01", "1899-12-31", "10000-01-01"])("?date=%s answers a visitor 400", async (date) => {
    expect(await callAs(t, null, `/api/availability?date=${date}`)).toEqual(
      refusal({ date: "Use a date like 2026-05-31" }),
    );
  });

  // Issue 24, finding 4: a range from the last day PostgreSQL holds ran past it, and answered 500.
  it.each(["9999-12-31", "2101-01-01", "1999-12-31"])("/api/availability/days?from=%s answers 400", async (from) => {
    expect(await callAs(t, null, `/api/availability/days?from=${from}`)).toEqual(
      refusal({ from: "Use a date like 2026-05-31" }),
    );
  });

  it("a range that starts on the last day the business means still answers", async () => {
    const { status, body } = await callAs(t, null, "/api/availability/days?from=2100-12-31&days=28");
    expect(status).toBe(200);
    expect((body as { days: { date: string }[] }).days.at(-1)!.date).toBe("2101-01-27");
  });
});

describe("a value the database refuses, that no schema caught", () => {
  it.each([
    ["a NUL", sql`select ${"a\u0000b"}::text`],
    ["the year 0", sql`select ${"0000-01-01"}::date`],
  ])("%s answers 400, not 500", async (_label, query) => {
    // A field someone forgot to give the text rule: the query fails in the database itself.
    const spy = vi.spyOn(t.services.plans, "getEntry").mockImplementation(async () => {
      await t.database.db.execute(query);
      throw new Error("unreachable: the query above fails");
    });
    try {
      const answer = await callAs(t, null, `/api/plans/${planId}`);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe("validation_failed");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("better-auth's lookups", () => {
  it("a NUL in a reset token answers 400, before the token is looked up", async () => {
    const body = { newPassword: "long-enough", token: "a\u0000" };
    const response = await t.request("/api/auth/reset-password", jsonPost(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: `token: ${PLAIN_TEXT_MESSAGE}` });
  });
});
