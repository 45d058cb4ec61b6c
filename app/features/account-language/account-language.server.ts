import { eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { users } from "~/.server/db/schema";
import { customerLocale } from "~/.server/member-locale";
import { requireActor, type Actor } from "~/lib/access";
import type { Locale } from "~/lib/i18n/locale";
import type { AccountLanguage } from "./account-language.schema";

/** The signed-in member's language setting: read and changed by its owner only. */
export function createAccountLanguage(db: Database) {
  return {
    async mine(actor: Actor | null): Promise<AccountLanguage> {
      const me = requireActor(actor);
      return { locale: await customerLocale(db, undefined, me) };
    },
    async setMine(actor: Actor | null, locale: Locale): Promise<AccountLanguage> {
      const me = requireActor(actor);
      await db.update(users).set({ locale, updatedAt: new Date() }).where(eq(users.id, me.id));
      return { locale };
    },
  };
}
