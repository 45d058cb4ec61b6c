import { and, eq, inArray, sql } from "drizzle-orm";
import { NOTIFY_EMAIL_KEY } from "~/features/bookings/settings/booking-settings.server";
import { newEntryRow } from "~/features/plans/plans.server";
import type { Auth } from "~/.server/auth";
import type { Database } from "~/.server/db/client";
import { addOns, appSettings, bookings, outbox, plans, servicePrices, users } from "~/.server/db/schema";
import { priceVisit } from "~/features/pricing/price-visit";
import { DEFAULT_SIZE_CLASSES } from "~/features/pricing/pricing.schema";
import { addDays, businessToday } from "~/lib/business-date";
import { newObjectId } from "~/lib/object-id";
import { defaultSiteConfig } from "~/lib/site-config";
import { demoAccounts, demoAddOns, demoHotels, demoMemberBookings, demoPackages, demoServicePrices } from "./demo-data";

const CATALOGUE_MARKER = "demo_seeded_at";
const ACCOUNTS_MARKER = "demo_accounts_seeded_at";
/** Prices by the vehicle (issue 27): a database seeded before them gets the demo's tables and add-ons once too. */
const PRICES_MARKER = "demo_prices_seeded_at";

/**
 * Seeds the demo catalogue once per database. The marker row is claimed in the same
 * transaction as the inserts, so concurrent starts and repeated runs seed exactly once,
 * and a catalogue the admins later emptied is not refilled. Returns whether this call seeded.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    const catalogue = await claimMarker(tx as unknown as Database, CATALOGUE_MARKER);
    const prices = await claimMarker(tx as unknown as Database, PRICES_MARKER);
    if (catalogue) {
      // A minute apart, the first listed the newest, so the demo reads in a stable order.
      const start = Date.now();
      const rows = [...demoPackages, ...demoHotels].map((input, i) =>
        newEntryRow({ ...input, at: new Date(start - i * 60_000) }),
      );
      await tx.insert(plans).values(rows);
    }
    if (prices) await seedDemoPrices(tx as unknown as Database);
    return catalogue || prices;
  });
}

/**
 * The demo's prices by the vehicle: the add-ons, the single services' tables, and the demo
 * packages' tables where a catalogue seeded before them has none yet (an admin's own stay).
 */
async function seedDemoPrices(db: Database) {
  const start = Date.now();
  const packages = await db.select({ id: plans.id, name: plans.name }).from(plans);
  const idsOf = (names: string[] = []) => packages.filter((p) => names.includes(p.name ?? "")).map((p) => p.id);
  await db.insert(addOns).values(
    demoAddOns.map(({ price, minutes, includedIn, ...addOn }, i) => {
      // A second apart, in the menu's order: the list is in the order they were made.
      const at = new Date(start + i * 1000);
      return {
        ...addOn,
        id: newObjectId(at),
        priceCents: Math.round(price * 100),
        durationMinutes: minutes,
        includedPlanIds: idsOf(includedIn),
        createdAt: at,
        updatedAt: at,
      };
    }),
  );
  for (const { serviceType, price, minutes, classPrices } of demoServicePrices) {
    const values = { priceCents: Math.round(price * 100), durationMinutes: minutes, classPrices };
    await db
      .insert(servicePrices)
      .values({ serviceType, ...values })
      .onConflictDoUpdate({
        target: servicePrices.serviceType,
        set: values,
        // A table an admin already set stays.
        setWhere: sql`${servicePrices.classPrices} = '{}'::jsonb`,
      });
  }
  for (const entry of demoPackages) {
    if (entry.kind !== "package" || !entry.classPrices) continue;
    await db
      .update(plans)
      .set({ classPrices: entry.classPrices })
      .where(and(eq(plans.name, entry.name), sql`${plans.classPrices} = '{}'::jsonb`));
  }
}

/**
 * Creates the demo admin and member once per database, through better-auth so that their
 * passwords are hashed as any other. Accounts cannot join a transaction with better-auth's
 * own writes, so the marker is released again if creating them fails. Both have verified their
 * e-mail (the sign-up's verification mails are taken back out of the outbox), and the member has
 * a few bookings, to come and past, for My Bookings to show.
 */
export async function seedDemoAccounts(
  db: Database,
  auth: Auth,
  timeZone = defaultSiteConfig.timeZone,
): Promise<boolean> {
  if (!(await claimMarker(db, ACCOUNTS_MARKER))) return false;
  try {
    const emails = Object.values(demoAccounts).map((account) => account.email);
    for (const account of Object.values(demoAccounts)) {
      await auth.api.signUpEmail({ body: { name: account.name, email: account.email, password: account.password } });
    }
    await db.update(users).set({ emailVerified: true }).where(inArray(users.email, emails));
    await db.delete(outbox).where(inArray(outbox.to, emails));
    await db.update(users).set({ role: "admin" }).where(eq(users.email, demoAccounts.admin.email));
    await seedMemberBookings(db, timeZone);
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

/** The demo member's bookings, each with the catalogue's package of that name (if it is still there). */
async function seedMemberBookings(db: Database, timeZone: string) {
  const [member] = await db.select().from(users).where(eq(users.email, demoAccounts.member.email));
  if (!member) return;
  const names = demoMemberBookings.flatMap((b) => (b.packageName ? [b.packageName] : []));
  const packages = await db.select().from(plans).where(inArray(plans.name, names));
  const services = await db.select().from(servicePrices);
  const today = businessToday(timeZone);
  await db.insert(bookings).values(
    demoMemberBookings.map(({ inDays, packageName, ...booking }) => {
      const plan = packages.find((p) => p.name === packageName);
      const service = services.find((s) => s.serviceType === booking.serviceType);
      // Priced as a booking is today, by the one pricing function: the package, else the service alone.
      const main =
        plan && plan.priceCents !== null && plan.durationMinutes !== null
          ? { kind: "package" as const, name: plan.name!, priceCents: plan.priceCents, minutes: plan.durationMinutes }
          : !packageName && service
            ? {
                kind: "service" as const,
                name: service.serviceType,
                priceCents: service.priceCents,
                minutes: service.durationMinutes,
              }
            : null;
      const quote = main
        ? priceVisit(
            { vehicleType: "Car", main: { ...main, classPrices: {} }, addOns: [], promoCode: "" },
            DEFAULT_SIZE_CLASSES,
          )
        : null;
      return {
        ...booking,
        id: newObjectId(),
        fullName: member.name,
        phone: "(555) 010-2030",
        email: member.email,
        userId: member.id,
        vehicleType: "Car",
        vehicleYear: 2021,
        vehicleMake: "Toyota",
        vehicleModel: "Camry",
        vehicleColor: "Blue",
        planId: plan?.id ?? null,
        packageName: plan?.name ?? null,
        packagePriceCents: quote?.packagePriceCents ?? null,
        finalPriceCents: quote?.totalCents ?? null,
        totalCents: quote?.totalCents ?? null,
        sizeClass: quote?.sizeClass.id ?? null,
        lines: quote?.lines ?? [],
        durationMinutes: quote?.minutes ?? booking.durationMinutes,
        preferredDate: addDays(today, inDays),
      };
    }),
  );
}

async function claimMarker(db: Database, key: string): Promise<boolean> {
  const claimed = await db
    .insert(appSettings)
    .values({ key, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning({ key: appSettings.key });
  return claimed.length > 0;
}
