import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { appSettings } from "~/.server/db/schema";

const KEY = "auth_secret";

/**
 * The key that signs session cookies: AUTH_SECRET when set, otherwise one generated on first
 * start and kept in the database, so the site starts with no configuration and every process
 * on the same database agrees on it.
 */
export async function loadAuthSecret(db: Database, configured?: string): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(48).toString("base64") })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  return row!.value as string;
}
