import { describe, expect, it } from "vitest";
import { setupTestApp, type TestApp } from "../tests/test-app";

/**
 * The security headers (server/security-headers.ts), in process and over a real socket: under Node
 * they are set on Node's response, in process on the answer's Headers.
 */
const transports = [
  ["in process", setupTestApp()],
  ["over a socket", setupTestApp({ socket: true })],
] as const;

for (const [transport, t] of transports) describe(transport, () => headersOf(t));

function headersOf(t: TestApp) {
  it("every answer, an API one too, carries the policy with a nonce of its own", async () => {
    const policies = await Promise.all(
      ["/api/health", "/api/plans", "/api/no-such-route"].map(async (path) =>
        (await t.request(path)).headers.get("content-security-policy"),
      ),
    );
    for (const policy of policies) {
      expect(policy).toMatch(/^default-src 'self'; script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'; /);
      for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
        expect(policy).toContain(directive);
    }
    expect(new Set(policies).size).toBe(policies.length);
  });

  it("every answer carries the same fixed headers, whatever its status", async () => {
    for (const path of ["/api/health", "/api/no-such-route"]) {
      const headers = (await t.request(path)).headers;
      expect(
        Object.fromEntries(
          [
            "cross-origin-resource-policy",
            "cross-origin-opener-policy",
            "origin-agent-cluster",
            "referrer-policy",
            "strict-transport-security",
            "x-content-type-options",
            "x-dns-prefetch-control",
            "x-download-options",
            "x-frame-options",
            "x-permitted-cross-domain-policies",
            "x-xss-protection",
            "cross-origin-embedder-policy",
          ].map((name) => [name, headers.get(name)]),
        ),
        path,
      ).toEqual({
        "cross-origin-resource-policy": "same-origin",
        "cross-origin-opener-policy": "same-origin",
        "origin-agent-cluster": "?1",
        "referrer-policy": "no-referrer",
        "strict-transport-security": "max-age=15552000; includeSubDomains",
        "x-content-type-options": "nosniff",
        "x-dns-prefetch-control": "off",
        "x-download-options": "noopen",
        "x-frame-options": "DENY",
        "x-permitted-cross-domain-policies": "none",
        "x-xss-protection": "0",
        "cross-origin-embedder-policy": null,
      });
    }
  });
}
