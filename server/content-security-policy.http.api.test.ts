import { expect, it } from "vitest";
import { setupTestApp } from "../tests/test-app";

const t = setupTestApp();

it("every answer, an API one too, carries the policy with a nonce of its own", async () => {
  const policies = await Promise.all(
    ["/api/health", "/api/plans", "/api/no-such-route"].map(async (path) =>
      (await t.request(path)).headers.get("content-security-policy"),
    ),
  );
  for (const policy of policies) {
    expect(policy).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      expect(policy).toContain(directive);
  }
  expect(new Set(policies).size).toBe(policies.length);
});
