/**
 * A server's start on DATA_DIR (openRuntime, what `npm start` runs before it listens), then one of
 * everything it writes there: an upload, the backup token, a nightly backup. Run by
 * server/private-data-dir.test.ts under the umask it chooses.
 */
import path from "node:path";
import { SYSTEM } from "~/.server/audit/audit-log";
import { readEnv } from "../server/env";
import { openRuntime } from "../server/runtime";

const runtime = await openRuntime(
  readEnv({ NODE_ENV: "test", SEED_DEMO_DATA: "false", DATA_DIR: process.env.DATA_DIR! }),
  { rateLimit: false },
);
await runtime.services.storage.save(`${"a".repeat(24)}.webp`, new Uint8Array([1, 2, 3]));
await runtime.services.backups.announce(3999);
const { folder } = runtime.services.backups;
await runtime.services.backups.write(path.join(folder, "carwash-2026-01-01-0300.tar.gz"), {
  by: SYSTEM,
  how: "nightly",
});
await runtime.close();
process.stdout.write("started\n");
