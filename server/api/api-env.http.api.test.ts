import { executionAsyncResource } from "node:async_hooks";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { betterAuthStorages } from "~/.server/auth-storage";
import { businessToday } from "~/lib/business-date";
import { as, jsonPost, signIn, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

const t = setupTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the acting user on the API's context", () => {
  it("is never looked up by public reads", async () => {
    const lookUp = vi.spyOn(t.services.sessions, "read");
    for (const path of ["/api/plans", "/api/health", `/api/availability?date=${businessToday("America/New_York")}`])
      expect((await t.request(path, as(admin))).status).toBe(200);
    expect(lookUp).not.toHaveBeenCalled();
  });

  it("is looked up once per request, though the admin check and the service both ask", async () => {
    const lookUp = vi.spyOn(t.services.sessions, "read");
    expect((await t.request("/api/booking-settings", as(admin))).status).toBe(200);
    expect(lookUp).toHaveBeenCalledTimes(1);
    expect((await t.request("/api/booking-settings", as(admin))).status).toBe(200);
    expect(lookUp).toHaveBeenCalledTimes(2);
  });
});

/**
 * On Node 20 a promise's job runs in the promise itself as its resource only while promise hooks are
 * on: the hooks an AsyncLocalStorage turns on for the whole process, at a fifth of a request's time.
 */
async function promiseHooksOn(): Promise<boolean> {
  await null;
  return executionAsyncResource() instanceof Promise;
}

describe("Node's promise hooks", () => {
  it("stay off through sign-ins, bookings and their body checks, however many run at once", async () => {
    const member = await signUp(t);
    expect(await promiseHooksOn()).toBe(false);

    const [first, second, wrong] = await Promise.all([
      signIn(t, member.email, member.password),
      signIn(t, admin.email, admin.password),
      signIn(t, member.email, "not-the-password"),
    ]);
    expect([first.status, second.status, wrong.status]).toEqual([200, 200, 401]);
    // better-auth ran its storages for each sign-in, and they are off again.
    expect(betterAuthStorages().length).toBeGreaterThan(0);
    expect(await promiseHooksOn()).toBe(false);

    // The body schemas' "today" is the business's, without a per-request context.
    const past = await t.request("/api/bookings", jsonPost(buildBookingRequest({ preferredDate: inDays(-1) })));
    expect(past.status).toBe(400);
    const { error } = (await past.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields.preferredDate).toBe("Choose today or a later date");
    const booked = await t.request(
      "/api/bookings",
      as(member, jsonPost(buildBookingRequest({ preferredDate: inDays(3) }))),
    );
    expect(booked.status).toBe(201);
    expect(await promiseHooksOn()).toBe(false);
  });
});
