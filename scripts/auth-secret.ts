/**
 * `npm run auth-secret`: prints the secret that signs this site's sessions and links, so that an
 * operator can give it as AUTH_SECRET to the machine a backup is restored on (backups never hold
 * it: decision 044). With AUTH_SECRET set, that is the secret and nothing is read.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "~/.server/db/client";
import { DataDirLockedError } from "~/.server/db/data-dir-lock";
import { appSecrets } from "~/.server/db/schema";
import { readEnv } from "../server/env";
import { databaseTarget } from "../server/runtime";
import { runScript, ScriptError } from "./run-script";

await runScript(async () => {
  const env = readEnv();
  if (env.AUTH_SECRET) {
    console.log("AUTH_SECRET is set: it is this site's signing secret. Give the same one after a restore.");
    return;
  }
  const database = await openDatabase(databaseTarget(env)).catch((error: unknown) => {
    if (error instanceof DataDirLockedError)
      throw new ScriptError(`${error.message} Stop the server, then run this again.`);
    throw error;
  });
  try {
    const [row] = await database.db
      .select({ value: appSecrets.value })
      .from(appSecrets)
      .where(eq(appSecrets.key, "auth_secret"));
    if (!row)
      throw new ScriptError("This site has no generated secret yet: it makes one when the server first starts.");
    console.log(row.value);
    console.error(
      "Keep it as you keep a password. Set AUTH_SECRET to it where a backup of this site is restored, and links " +
        "sent before the backup keep working.",
    );
  } finally {
    await database.close();
  }
});
