import { eq } from "drizzle-orm";
import type { Locale } from "~/lib/i18n/locale";
import type { Database } from "./db/client";
import { users } from "./db/schema";

type Reader = Pick<Database, "select">;

/**
 * The language of what a customer books (issue 49): the one the request names (the page's), else a
 * signed-in member's setting, else English. Staff at the counter book for someone else, so their
 * own setting is not the customer's.
 */
export async function customerLocale(
  db: Reader,
  requested: Locale | undefined,
  member: { id: string } | null | undefined,
): Promise<Locale> {
  if (requested) return requested;
  if (!member) return "en";
  const [row] = await db.select({ locale: users.locale }).from(users).where(eq(users.id, member.id));
  return row?.locale ?? "en";
}
