import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { appSecrets } from "~/.server/db/schema";

const KEY = "auth_secret";

/**
 * The key that signs session cookies and every link the site sends: AUTH_SECRET when set,
 * otherwise one generated on first start and kept in the database (app_secrets, which no backup
 * holds: decision 044), so the site starts with no configuration and every process on the same
 * database agrees on it.
 */
export async function loadAuthSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSecrets)
    .values({ key: KEY, value: randomBytes(48).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.key, KEY));
  return row!.value;
}
