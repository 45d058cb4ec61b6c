import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBoardChanges } from "~/.server/db/board-changes";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { as, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, buildBookingRequest, inDays, insertBookings } from "../../tests/factories";
import { listeners, setupOtherProcess, waitUntil } from "../../tests/other-process";
import { setupTestApp } from "../../tests/test-app";
import { createApi } from "./index";
import { rateLimiters } from "./rate-limiter";

/**
 * The bay board's live feed (issue 29): GET /api/board/events, an SSE stream that says `change`
 * whenever bookings (and the rest of what the board shows) change, whoever wrote them and where.
 */
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
  // PostgreSQL: the process's listener is connected (LISTEN sent) before changes can be heard.
  await waitUntil(async () => t.services.boardChanges.live);
});

/** An open stream, read as text as it arrives. */
async function openStream(request: (path: string, init?: RequestInit) => Promise<Response>) {
  const response = await request("/api/board/events", as(admin));
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let reading: Promise<void> | undefined;
  let ended = false;
  const pump = async () => {
    const { value, done } = await reader.read();
    if (done) ended = true;
    else text += decoder.decode(value, { stream: true });
  };
  return {
    response,
    get text() {
      return text;
    },
    get ended() {
      return ended;
    },
    /** Reads until `pattern` has been seen `times` times, for at most `ms`. */
    async until(pattern: string, times = 1, ms = 3_000): Promise<number> {
      const started = Date.now();
      const count = () => text.split(pattern).length - 1;
      while (count() < times && !ended) {
        const left = ms - (Date.now() - started);
        if (left <= 0) throw new Error(`"${pattern}" ×${times} not seen within ${ms} ms; got ${JSON.stringify(text)}`);
        reading ??= pump().finally(() => (reading = undefined));
        await Promise.race([reading, new Promise((resolve) => setTimeout(resolve, left))]);
      }
      if (count() < times) throw new Error(`stream ended before "${pattern}" ×${times}`);
      return Date.now() - started;
    },
    /** Reads whatever comes within `ms`. */
    async drain(ms: number) {
      await this.until("\u0000never", 1, ms).catch(() => undefined);
    },
    cancel: () => reader.cancel(),
  };
}

const changes = (text: string) => text.split("event: change").length - 1;

describe("who may listen", () => {
  it("refuses visitors (401) and members (403) before a stream opens", async () => {
    const visitor = await t.request("/api/board/events");
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("content-type")).toContain("application/json");
    const asMember = await t.request("/api/board/events", as(member));
    expect(asMember.status).toBe(403);
    expect(t.services.boardChanges.subscribers).toBe(0);
  });

  it("opens a stream for an admin: event-stream, uncached, unbuffered, uncompressed, with a retry hint", async () => {
    const stream = await openStream((p, init) =>
      t.request(p, {
        ...init,
        headers: { ...Object.fromEntries(new Headers(init?.headers)), "Accept-Encoding": "gzip" },
      }),
    );
    const headers = stream.response.headers;
    expect(headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(headers.get("x-accel-buffering")).toBe("no");
    expect(headers.get("content-encoding")).toBeNull();
    await stream.until("retry: 3000\n");
    await stream.cancel();
  });
});

describe("what it says", () => {
  it(
    "says `change` within a second of a booking request, and once for a burst of writes",
    { tags: ["engine"] },
    async () => {
      const stream = await openStream(t.request);
      await stream.until(": connected");
      const created = await t.request("/api/bookings", jsonPost(buildBookingRequest({ fullName: "Live Board" })));
      expect(created.status).toBe(201);
      expect(await stream.until("event: change")).toBeLessThan(1_000);

      // Five statements in quick succession: one event, 250 ms after the first.
      const before = changes(stream.text);
      for (let i = 0; i < 5; i++) await insertBookings(t.database.db, [buildBooking({ fullName: `Burst ${i}` })]);
      await stream.until("event: change", before + 1);
      await stream.drain(600);
      expect(changes(stream.text)).toBe(before + 1);
      await stream.cancel();
    },
  );

  it(
    "says `change` on a write that bypasses the services (a trigger, not the code, sends it)",
    { tags: ["engine"] },
    async () => {
      const stream = await openStream(t.request);
      await stream.until(": connected");
      await insertBookings(t.database.db, [buildBooking({ fullName: "Written Directly" })]);
      expect(await stream.until("event: change")).toBeLessThan(1_000);
      await stream.cancel();
    },
  );

  it("stops listening when the browser goes away", async () => {
    const stream = await openStream(t.request);
    await stream.until(": connected");
    expect(t.services.boardChanges.subscribers).toBe(1);
    await stream.cancel();
    await waitUntil(async () => t.services.boardChanges.subscribers === 0, 1_000);
  });

  it("sends a heartbeat while nothing changes, and ends every stream when the server stops", async () => {
    // A process of its own with a short heartbeat, so the stop ends only its streams.
    const boardChanges = createBoardChanges(t.database);
    const api = createApi(
      { ...t.services, boardChanges },
      {
        trustedProxies: 0,
        timeZone: "America/New_York",
        bookingsPerMinute: 100,
        signInsPerAccount: 100,
        rateLimiters: rateLimiters({ kind: "memory" }),
        boardHeartbeatMs: 50,
      },
    );
    const stream = await openStream(async (p, init) => api.request(p.replace(/^\/api/, ""), init));
    await stream.until(": heartbeat\n\n", 3);
    expect(boardChanges.subscribers).toBe(1);
    await boardChanges.close();
    await stream.until("\u0000never", 1, 1_000).catch(() => undefined);
    expect(stream.ended).toBe(true);
    expect(boardChanges.subscribers).toBe(0);
  });
});

// Other processes exist only on PostgreSQL: the embedded database is one process's (DATA_DIR's lock).
if (process.env.TEST_DB_KIND === "postgres") {
  describe("writes by another process on the same PostgreSQL database", { tags: ["engine"] }, () => {
    const other = setupOtherProcess(t);
    let elsewhere: DatabaseHandle;
    beforeAll(async () => {
      elsewhere = await openDatabase({ kind: "postgres", url: (t.database as { url?: string }).url! });
    });
    afterAll(async () => {
      await elsewhere?.close();
    });

    it("says `change` within a second of a booking the other process took", async () => {
      const stream = await openStream(t.request);
      await stream.until(": connected");
      const created = await other.request(
        "/api/bookings",
        jsonPost(
          buildBookingRequest({
            fullName: "Other Process",
            email: "other-process@example.com",
            preferredDate: inDays(12),
            preferredTimeSlot: "11:00–13:00",
          }),
        ),
      );
      expect(created.status).toBe(201);
      expect(await stream.until("event: change")).toBeLessThan(1_000);
      await stream.cancel();
    });

    it("says `change` on a write on another connection, and nothing for a write rolled back", async () => {
      const stream = await openStream(t.request);
      await stream.until(": connected");
      // Anything still on its way from the tests before.
      await stream.drain(600);
      const before = changes(stream.text);
      await elsewhere.db
        .transaction(async (tx) => {
          await insertBookings(tx as never, [buildBooking({ fullName: "Rolled Back" })]);
          throw new Error("roll back");
        })
        .catch(() => undefined);
      await stream.drain(600);
      expect(changes(stream.text)).toBe(before);
      await insertBookings(elsewhere.db, [buildBooking({ fullName: "Other Connection" })]);
      expect(await stream.until("event: change")).toBeLessThan(1_000);
      await stream.cancel();
    });

    it("says `paused` when this process's listener is lost, then `change` once it listens again", async () => {
      const stream = await openStream(t.request);
      await stream.until(": connected");
      await stream.drain(600);
      const before = changes(stream.text);
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and application_name = 'carwash-listener'`,
      );
      await stream.until("event: paused");
      // Whatever was written meanwhile is caught up on: one change once the listener is back.
      await stream.until("event: change", before + 1, 10_000);
      expect(t.services.boardChanges.live).toBe(true);
      await stream.cancel();
      await waitUntil(async () => (await listeners(t)) === 2);
    });
  });
}
