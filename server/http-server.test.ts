import { connect, type AddressInfo } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { HTTP_TIME_LIMITS, listen } from "./http-server";

/** Slow request bodies (issue 12, finding 8): a real listening server, a client that never finishes its body. */
const app = new Hono()
  .patch("/api/bookings/:id", async (c) => c.json(await c.req.json()))
  .patch("/refused", (c) => c.json({ error: "not yours" }, 403))
  .get("/health", (c) => c.json({ ok: true }))
  // The client that gave up is gone: nothing to answer, nothing to log.
  .onError((_error, c) => c.body(null, 400));

const servers: ReturnType<typeof listen>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

function start(limits = HTTP_TIME_LIMITS): Promise<number> {
  return new Promise((resolve) => {
    const server = listen({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, undefined, limits);
    servers.push(server);
    server.on("listening", () => resolve((server.address() as AddressInfo).port));
  });
}

/**
 * Sends a PATCH whose body promises `length` bytes, then sends `bytes` more every `everyMs` (or
 * nothing, to stall; the body is closed once whole); resolves with what the server answered and how
 * long the socket lived.
 */
function slowPatch(
  port: number,
  everyMs?: number,
  { bytes = 1, length = 1000, path = "/api/bookings/abc" } = {},
): Promise<{ answer: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    let drip: NodeJS.Timeout | undefined;
    socket.on("connect", () => {
      const head = '{"status":"';
      socket.write(
        `PATCH ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${length}\r\nConnection: close\r\n\r\n${head}`,
      );
      let sent = head.length;
      if (everyMs)
        drip = setInterval(() => {
          const chunk = "x".repeat(Math.min(bytes, length - 2 - sent));
          sent += chunk.length;
          socket.write(sent === length - 2 ? `${chunk}"}` : chunk);
          if (sent === length - 2) clearInterval(drip);
        }, everyMs);
    });
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearInterval(drip);
      resolve({ answer, ms: Date.now() - started });
    });
  });
}

const fast = {
  headersMs: 400,
  requestMs: 1_000,
  minBytesPerSecond: 2_000,
  longestMs: 2_500,
  idleMs: 500,
  checkEveryMs: 100,
  keepAliveMs: 1_500,
};

/** Two requests on one socket, `pauseMs` apart: resolves with how many were answered. */
function twoRequestsOnOneSocket(port: number, pauseMs: number): Promise<number> {
  const request =
    "PATCH /api/bookings/abc HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}";
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("connect", () => {
      socket.write(request);
      setTimeout(() => socket.writable && socket.write(request), pauseMs);
      setTimeout(() => socket.end(), pauseMs + 300);
    });
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("error", () => undefined);
    socket.on("close", () => resolve(answer.match(/HTTP\/1\.1 200/g)?.length ?? 0));
  });
}

describe("the HTTP server's time limits", () => {
  it("close a socket whose body stalls, after the idle limit", async () => {
    const { ms } = await slowPatch(await start(fast));
    expect(ms).toBeGreaterThanOrEqual(fast.idleMs - 50);
    expect(ms).toBeLessThan(fast.requestMs + 1_000);
  });

  it("answer 408 to a body that trickles in too slowly, after the request limit", async () => {
    const { answer, ms } = await slowPatch(await start(fast), 100);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(ms).toBeGreaterThanOrEqual(fast.requestMs - 50);
    expect(ms).toBeLessThan(fast.requestMs + 1_000);
  });

  it("keep an idle socket open for the next request past the headers and idle limits, then close it", async () => {
    const port = await start(fast);
    // Past the headers and idle limits (400 and 500 ms); Node closes it a second after the announced 1.5 s.
    expect(await twoRequestsOnOneSocket(port, 900)).toBe(2);
    expect(await twoRequestsOnOneSocket(port, 3_000)).toBe(1);
  });

  it("let a body that keeps arriving at an upload's pace go on past the request limit, up to the longest", async () => {
    const port = await start(fast);
    // 500 bytes every 100 ms: 5,000 a second, above the 2,000 asked for. Whole by 1.5 s: answered.
    const whole = await slowPatch(port, 100, { bytes: 500, length: 7_500 });
    expect(whole.answer).toMatch(/^HTTP\/1\.1 200/);
    expect(whole.ms).toBeGreaterThan(fast.requestMs);
    // Never whole: cut at the longest.
    const endless = await slowPatch(port, 100, { bytes: 500, length: 10_000_000 });
    expect(endless.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(endless.ms).toBeGreaterThanOrEqual(fast.longestMs - 50);
    expect(endless.ms).toBeLessThan(fast.longestMs + 1_000);
  });

  it("close the socket of a body that drips after the app has answered it, by the request limit", async () => {
    // The app refuses without reading (a visitor's upload): the rest of the body is not waited for.
    const { answer, ms } = await slowPatch(await start(fast), 100, { path: "/refused" });
    expect(answer).toMatch(/^HTTP\/1\.1 403/);
    expect(ms).toBeLessThan(fast.requestMs + 500);
  });

  it("keep answering at once while many clients drip their bodies (issue 24, finding 5)", async () => {
    const port = await start(fast);
    let settled = 0;
    const drips = Array.from({ length: 50 }, () => slowPatch(port, 100).finally(() => settled++));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const health = await fetch(`http://127.0.0.1:${port}/health`);
    expect(health.status).toBe(200);
    // Answered while all 50 are still held open (each is cut at the request limit): not queued
    // behind them. (It was "within 200 ms", which a busy machine missed: 349 ms at load 10.)
    expect(settled).toBe(0);
    for (const { answer, ms } of await Promise.all(drips)) {
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeLessThan(fast.requestMs + 1_000);
    }
  });

  it("are bounded in production: 10 s for headers, 30 s for a request (an upload arriving at 64 KB/s or more up to 120 s), 30 s of silence, 65 s between requests", () => {
    expect(HTTP_TIME_LIMITS).toEqual({
      headersMs: 10_000,
      requestMs: 30_000,
      minBytesPerSecond: 65_536,
      longestMs: 120_000,
      idleMs: 30_000,
      checkEveryMs: 1_000,
      keepAliveMs: 65_000,
    });
  });
});
