import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { businessToday } from "~/lib/business-date";
import { as, signUpAdmin, type TestAccount } from "../../tests/accounts";
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
