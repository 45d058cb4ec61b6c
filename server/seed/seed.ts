import { eq } from "drizzle-orm";
import { NOTIFY_EMAIL_KEY } from "~/features/bookings/booking-settings.server";
import { newEntryRow } from "~/features/plans/plans.server";
import type { Auth } from "~/.server/auth";
import type { Database } from "~/.server/db/client";
import { appSettings, plans, users } from "~/.server/db/schema";
import { demoAccounts, demoHotels, demoPackages } from "./demo-data";

const CATALOGUE_MARKER = "demo_seeded_at";
const ACCOUNTS_MARKER = "demo_accounts_seeded_at";

/**
 * Seeds the demo catalogue once per database. The marker row is claimed in the same
 * transaction as the inserts, so concurrent starts and repeated runs seed exactly once,
 * and a catalogue the admins later emptied is not refilled. Returns whether this call seeded.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimMarker(tx as unknown as Database, CATALOGUE_MARKER))) return false;
    // A minute apart, the first listed the newest, so the demo reads in a stable order.
    const start = Date.now();
    const rows = [...demoPackages, ...demoHotels].map((input, i) =>
      newEntryRow({ ...input, at: new Date(start - i * 60_000) }),
    );
    await tx.insert(plans).values(rows);
    return true;
  });
}

/**
 * Creates the demo admin and member once per database, through better-auth so that their
 * passwords are hashed as any other. Accounts cannot join a transaction with better-auth's
 * own writes, so the marker is released again if creating them fails.
 */
export async function seedDemoAccounts(db: Database, auth: Auth): Promise<boolean> {
  if (!(await claimMarker(db, ACCOUNTS_MARKER))) return false;
  try {
    for (const account of Object.values(demoAccounts)) {
      await auth.api.signUpEmail({ body: { name: account.name, email: account.email, password: account.password } });
    }
    await db.update(users).set({ role: "admin" }).where(eq(users.email, demoAccounts.admin.email));
    // The demo business's copy of new booking requests goes to the demo admin, to read in the Outbox.
    await db
      .insert(appSettings)
      .values({ key: NOTIFY_EMAIL_KEY, value: demoAccounts.admin.email })
      .onConflictDoNothing();
    return true;
  } catch (error) {
    await db.delete(appSettings).where(eq(appSettings.key, ACCOUNTS_MARKER));
    throw error;
  }
}

async function claimMarker(db: Database, key: string): Promise<boolean> {
  const claimed = await db
    .insert(appSettings)
    .values({ key, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  return claimed.length > 0;
}
