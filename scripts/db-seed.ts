/** `npm run db:seed`: adds the demo catalogue and accounts to the configured database, unless seeded before. */
import { readEnv } from "../server/env";
import { openRuntime } from "../server/runtime";
import { runScript } from "./run-script";

await runScript(async () => {
  const runtime = await openRuntime({ ...readEnv(), SEED_DEMO_DATA: true });
  await runtime.close();
  console.log(
    runtime.seeded
      ? "Demo data seeded."
      : "This database was seeded before; nothing added. Use npm run db:reset to start over.",
  );
});
