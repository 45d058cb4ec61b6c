/** `npm run db:seed`: adds the demo catalogue to the configured database, unless it was seeded before. */
import { openDatabase } from "../server/db/client";
import { seedDemoData } from "../server/db/seed";
import { readEnv } from "../server/env";
import { databaseTarget } from "../server/runtime";
import { runScript } from "./run-script";

await runScript(async () => {
  const database = await openDatabase(databaseTarget(readEnv()));
  try {
    const seeded = await seedDemoData(database.db);
    console.log(seeded ? "Demo data seeded." : "This database was seeded before; nothing added. Use npm run db:reset to start over.");
  } finally {
    await database.close();
  }
});
