import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoAccounts } from "./seed/demo-data";
import { buildBookingRequest } from "../tests/factories";
import { startServerProcesses, type ServerProcess, type ServerProcesses } from "../tests/server-processes";
import { startSmtpSink, type SmtpSink } from "../tests/smtp-sink";

/**
 * What a booking request owes after its 201 is not sent in the request (issue 48): its e-mails are
 * written in the statement that books the place, and the outbox worker sends them after. A process
 * killed with SIGKILL right after it answered 201 loses none of them: restarted, it sends the
 * customer's confirmation and the business's notice, each once, and keeps the visit's reminder.
 */
let sink: SmtpSink;
let cluster: ServerProcesses;
let server: ServerProcess;

beforeAll(async () => {
  sink = await startSmtpSink();
  cluster = await startServerProcesses({
    ports: [3311],
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` },
  });
  server = cluster.processes[0]!;
});
afterAll(async () => {
  await cluster?.close();
  await sink?.close();
});

/** The address a raw message was sent to. */
const recipient = (raw: string) => /^To: (.*)$/im.exec(raw)?.[1]?.trim() ?? "";

it("sends a booking's two e-mails once after a SIGKILL right after its 201", { timeout: 120_000 }, async () => {
  // An address of its own: every message to it is this booking's.
  const customer = `crash-${Date.now()}@example.com`;
  const answer = await fetch(`${server.url}/api/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: cluster.publicUrl },
    body: JSON.stringify(buildBookingRequest({ email: customer, fullName: "Casey Crash" })),
  });
  expect(answer.status).toBe(201);
  const { insertedId } = (await answer.json()) as { insertedId: string };
  // Killed as soon as the answer is in. The worker polls once a second, so it has not yet taken the
  // e-mails: its poll would have to fall in the millisecond or two between the commit and the kill
  // (then it would hold them for its lease, 11 minutes, and this test would time out).
  await server.stop("SIGKILL");

  await server.start();
  const mine = () => sink.raw.filter((raw) => raw.includes("Casey Crash") || recipient(raw).includes(customer));
  await expect.poll(() => mine().length, { timeout: 15_000, interval: 200 }).toBe(2);
  // The customer's, and the business's notice to its admin (the demo admin).
  expect(mine().map(recipient).sort()).toEqual([demoAccounts.admin.email, customer].sort());
  // Once: nothing more comes for this booking over the next worker rounds.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  expect(mine()).toHaveLength(2);

  // In the outbox: the two sent, and the visit's reminder still queued for the day before it.
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ kind: string; state: string }>(
      "select kind, state from outbox where booking_id = $1 order by kind, state",
      [insertedId],
    );
    expect(rows).toEqual([
      { kind: "notice", state: "sent" },
      { kind: "notice", state: "sent" },
      { kind: "reminder", state: "queued" },
    ]);
  } finally {
    await db.end();
  }
});
