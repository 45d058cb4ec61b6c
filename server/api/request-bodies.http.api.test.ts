import { beforeAll, describe, expect, it } from "vitest";
import { as, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildPlan, insertPlans } from "../../tests/factories";
import { setupTestApp, type TestApp } from "../../tests/test-app";
import { bookings, closedDates } from "~/.server/db/schema";

/**
 * How every route answers a body it cannot read, whatever the route: one answer per failure. Each
 * is asked in process and over a real socket: under Node the body is read from the socket's own
 * stream (server/api/body-limit.ts), in process from the Request.
 */
const RATE = { RATE_LIMIT_BOOKINGS: "1000" };
const t = setupTestApp({ env: RATE });
const transports = [
  ["in process", t],
  ["over a socket", setupTestApp({ env: RATE, socket: true })],
] as const;

for (const [transport, on] of transports) describe(transport, () => bodiesOn(on));

function bodiesOn(t: TestApp) {
  let admin: TestAccount;
  let member: TestAccount;
  let planId: string;

  beforeAll(async () => {
    [admin, member] = [await signUpAdmin(t), await signUp(t)];
    const [plan] = await insertPlans(t.database.db, [buildPlan()]);
    planId = plan!.id;
  });

  const routes = () =>
    [
      ["POST /api/bookings (visitor)", "/api/bookings", "POST", null],
      ["POST /api/closed-dates", "/api/closed-dates", "POST", admin],
      ["POST /api/user", "/api/user", "POST", member],
      ["PATCH /api/plans/:id", `/api/plans/${planId}`, "PATCH", admin],
      ["PATCH /api/booking-settings", "/api/booking-settings", "PATCH", admin],
    ] as const;

  const unchanged = async () => ({
    bookings: await t.database.db.$count(bookings),
    closed: await t.database.db.$count(closedDates),
  });

  describe("malformed JSON", () => {
    it("answers 400 validation_failed with one message on every route with a body, and changes nothing", async () => {
      const before = await unchanged();
      for (const [label, path, method, account] of routes()) {
        const response = await t.json(path, jsonPost("{not json", { method, cookie: account?.cookie }));
        expect({ label, status: response.status, body: response.body }).toEqual({
          label,
          status: 400,
          body: { error: { code: "validation_failed", message: "The request body must be JSON." } },
        });
      }
      expect(await unchanged()).toEqual(before);
    });

    it("is answered the same on the two forms of a booking", async () => {
      const response = await t.json("/api/bookings", jsonPost(`{"planId":"${planId}",`, { cookie: member.cookie }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { code: "validation_failed", message: "The request body must be JSON." },
      });
    });
  });

  describe("a body over 1 MB", () => {
    it("answers 413 payload_too_large on every JSON route, and changes nothing", async () => {
      const before = await unchanged();
      // Refused before it is read, so whether it would be valid does not matter.
      const huge = { name: "x".repeat(1_100_000) };
      for (const [label, path, method, account] of routes()) {
        const response = await t.json(path, jsonPost(huge, { method, cookie: account?.cookie }));
        expect({ label, status: response.status, body: response.body }).toEqual({
          label,
          status: 413,
          body: { error: { code: "payload_too_large", message: "The request body is too large." } },
        });
      }
      expect(await unchanged()).toEqual(before);
    });
  });

  describe("a body over 1 MB that does not say its length", () => {
    it("answers 413 once the bytes read pass 1 MB, and changes nothing", async () => {
      const before = await unchanged();
      const chunk = new TextEncoder().encode(`"${"x".repeat(64 * 1024)}",`);
      let sent = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode("["));
          // Well past the limit, but not endless: a server that read it all would still answer.
          if (sent++ < 40) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const response = await t.json(
        "/api/closed-dates",
        as(admin, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect({ status: response.status, body: response.body }).toEqual({
        status: 413,
        body: { error: { code: "payload_too_large", message: "The request body is too large." } },
      });
      expect(await unchanged()).toEqual(before);
    });
  });

  describe("a body nested deeper than 16 levels", () => {
    it("answers 400 on every JSON route before anything reads it, and changes nothing", async () => {
      const before = await unchanged();
      const deep = `${"[".repeat(17)}${"]".repeat(17)}`;
      for (const [label, path, method, account] of routes()) {
        const response = await t.json(path, jsonPost(deep, { method, cookie: account?.cookie }));
        expect({ label, status: response.status, body: response.body }).toEqual({
          label,
          status: 400,
          body: { error: { code: "validation_failed", message: "The request body nests more than 16 levels deep." } },
        });
      }
      expect(await unchanged()).toEqual(before);
    });
  });
  describe("an upload that is not multipart/form-data inside", () => {
    it("answers 400 validation_failed, saying how to send the file", async () => {
      const response = await t.json(
        "/api/uploads",
        as(admin, {
          method: "POST",
          headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
          body: "this is not a multipart body",
        }),
      );
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: { code: "validation_failed", message: "Send the file as multipart/form-data." },
      });
    });
  });
}

describe("the OpenAPI document", () => {
  type Operation = { requestBody?: { content?: Record<string, { schema?: object }> } };
  const describesBody = (operation: Operation) => {
    const media = Object.values(operation.requestBody?.content ?? {});
    return media.length > 0 && media.every((m) => m.schema !== undefined && Object.keys(m.schema).length > 0);
  };

  it("describes the body of every POST, PUT and PATCH as a schema", async () => {
    const { body } = await t.json<{ paths: Record<string, Record<string, Operation>> }>("/api/openapi.json");
    const writes = Object.entries(body.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ["post", "put", "patch"].includes(method))
        .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(writes.map((w) => w.name)).toEqual(
      expect.arrayContaining(["POST /bookings", "POST /closed-dates", "POST /uploads", "POST /plans", "POST /jwt"]),
    );
    expect(writes.filter((w) => !describesBody(w.operation)).map((w) => w.name)).toEqual([]);
  });

  it("names the fields of both booking forms and of a closed date", async () => {
    const { body } = await t.json<{ components: { schemas: Record<string, { properties: object }> } }>(
      "/api/openapi.json",
    );
    expect(Object.keys(body.components.schemas.BookingRequest!.properties)).toEqual(
      expect.arrayContaining(["fullName", "email", "planId", "preferredDate", "preferredTimeSlot", "promoCode"]),
    );
    expect(Object.keys(body.components.schemas.CloseDate!.properties)).toEqual([
      "date",
      "reason",
      "bookings",
      "message",
    ]);
  });
});
