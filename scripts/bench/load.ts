import autocannon from "autocannon";
import { connections, duration } from "./options";

/**
 * The server being measured and what was measured of it: one object every part of the bench reads
 * and sets (per engine, and per server in the plain comparison).
 */
export const bench = {
  /** The server being measured. */
  base: "",
  /** Whether the bench started the server (on a fresh database, which it may set up for the bookings). */
  ownServer: false,
  /** Each endpoint's measures of the current server, health first (the ratios' denominator). */
  rows: [] as ({ path: string } & Measured)[],
};

export interface Measured {
  rps: number;
  /** Responses in the run. */
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** Requests that got no answer: connection errors and timeouts (autocannon gives up after 10 s). */
  unanswered: number;
  statusCodes: Record<string, number>;
}

/**
 * Waits (at most two minutes) until the server answers /api/health quickly: requests that
 * autocannon gave up on (10 s timeout) still run on the server, and the embedded database
 * serves one query at a time, so their backlog would land on the next endpoint's figures.
 */
export async function settle() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${bench.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One autocannon run; percentiles from every response's own time (autocannon's have no p95 and whole milliseconds). */
export async function load(options: autocannon.Options): Promise<Measured> {
  await settle();
  const times: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon({ duration, connections, ...options }, (error, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      times.sort((a, b) => a - b);
      const at = (p: number) =>
        times.length
          ? Number(times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!.toFixed(1))
          : NaN;
      const statusCodes = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count ?? 0]),
      );
      resolve({
        rps: Math.round(result.requests.average),
        requests: result.requests.total,
        p50: at(50),
        p95: at(95),
        p99: at(99),
        errors: result.errors + result.non2xx,
        unanswered: result.errors,
        statusCodes,
      });
    });
    instance.on("response", (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

export const row = (m: Measured) => ({
  "req/s": m.rps,
  "× health": Number((m.rps / (bench.rows[0]?.rps || m.rps)).toFixed(2)),
  "p50 ms": m.p50,
  "p95 ms": m.p95,
  "p99 ms": m.p99,
  "errors+non-2xx": m.errors,
});
