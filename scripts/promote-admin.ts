/**
 * `npm run admin -- --email someone@example.com`: makes an existing account an administrator,
 * on whichever database the environment names (embedded or DATABASE_URL).
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { openDatabase } from "~/.server/db/client";
import { users } from "~/.server/db/schema";
import { readEnv } from "../server/env";
import { databaseTarget } from "../server/runtime";
import { runScript, ScriptError } from "./run-script";

await runScript(async () => {
  const { values } = parseArgs({ options: { email: { type: "string" } } });
  const email = values.email?.trim().toLowerCase();
  if (!email) throw new ScriptError("Usage: npm run admin -- --email someone@example.com");
  const database = await openDatabase(databaseTarget(readEnv()));
  try {
    const [row] = await database.db
      .update(users)
      .set({ role: "admin", updatedAt: new Date() })
      .where(eq(users.email, email))
      .returning({ name: users.name });
    if (!row) throw new ScriptError(`No account uses ${email}. Sign up on the site first, then run this again.`);
    console.log(`${row.name} <${email}> is now an administrator.`);
  } finally {
    await database.close();
  }
});
