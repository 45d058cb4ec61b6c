/**
 * A server process's outbox worker on its own, for the crash test: opens the database the
 * environment names (OUTBOX_DB_URL, else the embedded OUTBOX_DATA_DIR), delivers what is due to the
 * test's SMTP server (OUTBOX_SMTP_PORT), and then waits to be killed.
 */
import { openDatabase } from "~/.server/db/client";
import { createOutboxWorker } from "~/.server/mail/outbox-worker";
import { testTransport } from "./smtp-sink";

const url = process.env.OUTBOX_DB_URL;
const database = await openDatabase(
  url ? { kind: "postgres", url } : { kind: "pglite", dataDir: process.env.OUTBOX_DATA_DIR! },
);
const worker = createOutboxWorker(database.db, {
  transport: testTransport(Number(process.env.OUTBOX_SMTP_PORT)),
  from: "shop@example.com",
});
await worker.deliverDue();
process.stdout.write("delivered\n");
setInterval(() => {}, 60_000);
