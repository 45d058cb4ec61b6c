import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setupTestApp } from "../../tests/test-app";

/** What an operator and a load balancer rely on: readiness, request ids, one JSON log line per request. */
const t = setupTestApp({ env: { LOG_REQUESTS: "true" } });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("GET /api/ready", { tags: ["engine"] }, () => {
  it("is ready when the database answers and has every migration, and documented", async () => {
    const { status, headers, body } = await t.json("/api/ready");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("no-store");
    expect(body).toEqual({
      status: "ready",
      database: { kind: process.env.TEST_DB_KIND === "postgres" ? "postgres" : "pglite", reachable: true },
      pendingMigrations: 0,
    });
    const { body: openapi } = await t.json<{ paths: Record<string, unknown> }>("/api/openapi.json");
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(["/health", "/ready"]));
  });

  it("is not ready (503) while the database lacks a migration of this build, and alive all the same", async () => {
    const { db } = t.database;
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const removed = (await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash, created_at`,
    )) as unknown as { rows: { hash: string; created_at: string }[] };
    try {
      const { status, body } = await t.json("/api/ready");
      expect(status).toBe(503);
      expect(body).toMatchObject({ status: "not ready", database: { reachable: true }, pendingMigrations: 1 });
      expect((await t.request("/api/health")).status).toBe(200);
    } finally {
      const { hash, created_at } = removed.rows[0]!;
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${hash}, ${created_at})`,
      );
    }
    expect((await t.request("/api/ready")).status).toBe(200);
  });
});

describe("request ids and the request log", () => {
  /** The JSON lines the server writes to stdout while `run` runs. */
  async function logged(run: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
    const lines: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      lines.push(String(chunk));
      return true;
    });
    await run();
    vi.restoreAllMocks();
    return lines
      .join("")
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("keeps a balancer's well-formed X-Request-Id, answers with it, and logs the request under it once", async () => {
    const id = "nginx-5f2b9c0e7d1a4b3c";
    let response: Response | undefined;
    const lines = await logged(async () => {
      response = await t.request("/api/plans?limit=1", { headers: { "X-Request-Id": id } });
    });
    expect(response!.headers.get("x-request-id")).toBe(id);
    expect(lines).toEqual([
      {
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        level: "info",
        msg: "request",
        requestId: id,
        method: "GET",
        path: "/api/plans",
        status: 200,
        ms: expect.any(Number),
      },
    ]);
  });

  it.each([
    ["none", undefined],
    ["one with spaces and quotes", 'x" injected="1'],
    ["one too long", "a".repeat(129)],
  ])("gives a request with %s a new id", async (_label, sent) => {
    const response = await t.request("/api/health", sent ? { headers: { "X-Request-Id": sent } } : undefined);
    expect(response.headers.get("x-request-id")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
  });

  it("logs a manage link's route without its token", async () => {
    const lines = await logged(() => t.request("/api/bookings/manage/secret-token-123"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ path: "/api/bookings/manage/:token", status: 404 });
    expect(JSON.stringify(lines)).not.toContain("secret-token-123");
  });
});
