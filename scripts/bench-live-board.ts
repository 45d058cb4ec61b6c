/**
 * The live board's two figures (docs/benchmarks/033-live-board.md), against a running production
 * server with the demo accounts (`npm run build && npm start`, or `npm run cluster`):
 *
 * - latency: from a booking's 201 to the `change` event on an admin's open stream (median of --samples);
 * - with --database-url (PostgreSQL only: the embedded database is locked by its server), the cost of
 *   the board's NOTIFY trigger on POST /api/bookings: req/s with the trigger on and off, alternating,
 *   each as a ratio over GET /api/health's in the same round.
 *
 *   npx tsx scripts/bench-live-board.ts --url http://127.0.0.1:3000 [--database-url postgres://…] [--rounds 3]
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { BAY_SLOTS } from "~/features/bookings/bookings.schema";
import { demoAccounts } from "../server/seed/demo-data";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: "http://127.0.0.1:3000" },
    "database-url": { type: "string" },
    samples: { type: "string", default: "9" },
    rounds: { type: "string", default: "3" },
    duration: { type: "string", default: "5" },
    connections: { type: "string", default: "10" },
  },
});
const base = values.url!.replace(/\/$/, "");
const origin = new URL(base).origin;

const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify(demoAccounts.admin),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(";")[0]!)
  .join("; ");
if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);

// Every booking its own (date, slot), from a random day 400+ days ahead, so no slot fills up.
const firstDay = Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 3_000) * 86_400_000;
let sent = 0;
const nextBooking = () => {
  const n = sent++;
  return JSON.stringify({
    fullName: "Bench Customer",
    phone: "(212) 555-0100",
    vehicleType: "SUV",
    serviceType: "Hand Wash",
    preferredDate: new Date(firstDay + Math.floor(n / 4) * 86_400_000).toISOString().slice(0, 10),
    preferredTimeSlot: BAY_SLOTS[n % 4],
  });
};
const bookingHeaders = { cookie, "content-type": "application/json", origin };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// 1. Latency: a booking's 201 → the event on an open stream.
{
  const stream = await fetch(`${base}/api/board/events`, { headers: { cookie } });
  if (stream.status !== 200) throw new Error(`stream: ${stream.status}`);
  const reader = stream.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let heard: (() => void) | undefined;
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
      if (text.includes("event: change")) {
        text = "";
        heard?.();
      }
    }
  })();
  const latencies: number[] = [];
  for (let i = 0; i < Number(values.samples); i++) {
    const event = new Promise<void>((resolve) => (heard = resolve));
    const response = await fetch(`${base}/api/bookings`, {
      method: "POST",
      headers: bookingHeaders,
      body: nextBooking(),
    });
    const committed = performance.now();
    if (response.status !== 201) throw new Error(`booking: ${response.status} ${await response.text()}`);
    await event;
    latencies.push(performance.now() - committed);
    await new Promise((resolve) => setTimeout(resolve, 400));
  }
  await reader.cancel();
  console.log(
    `Booking's 201 → change event (ms, ${latencies.length} samples): median ${median(latencies).toFixed(0)}, ` +
      `min ${Math.min(...latencies).toFixed(0)}, max ${Math.max(...latencies).toFixed(0)}`,
  );
}

// 2. The trigger's cost on POST /api/bookings (PostgreSQL).
if (values["database-url"]) {
  const client = new pg.Client({ connectionString: values["database-url"] });
  await client.connect();
  const trigger = (on: boolean) =>
    client.query(`alter table bookings ${on ? "enable" : "disable"} trigger bookings_board_changed`);
  const load = (options: autocannon.Options) =>
    new Promise<number>((resolve, reject) =>
      autocannon(
        { duration: Number(values.duration), connections: Number(values.connections), ...options },
        (error, result) => (error ? reject(error) : resolve(result.requests.average)),
      ),
    );
  const post = () =>
    load({
      url: `${base}/api/bookings`,
      headers: bookingHeaders,
      requests: [{ method: "POST", path: "/api/bookings", setupRequest: (r) => ({ ...r, body: nextBooking() }) }],
    });
  // Uncounted: a fresh server's JIT is cold.
  await load({ url: `${base}/api/health`, duration: 3 });
  await load({ url: `${base}/api/health`, duration: 3 }).then(post);
  const results: Record<string, { health: number; post: number; ratio: number }[]> = { on: [], off: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const state of round % 2 ? ["off", "on"] : ["on", "off"]) {
      await trigger(state === "on");
      const health = await load({ url: `${base}/api/health` });
      const posted = await post();
      results[state]!.push({ health: Math.round(health), post: Math.round(posted), ratio: posted / health });
    }
  }
  await trigger(true);
  await client.end();
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([state, rs]) => [
        `trigger ${state}`,
        {
          "health req/s": rs.map((r) => r.health).join(", "),
          "POST req/s": rs.map((r) => r.post).join(", "),
          "× health": rs.map((r) => r.ratio.toFixed(3)).join(", "),
          "median × health": Number(median(rs.map((r) => r.ratio)).toFixed(3)),
        },
      ]),
    ),
  );
}
