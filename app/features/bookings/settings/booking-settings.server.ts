import { and, asc, eq, gte, inArray, ne, sql } from "drizzle-orm";
import { requireJob, type Actor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import type { ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import { appSettings, bookings, closedDates } from "~/.server/db/schema";
import { auditActor, changedFields, describeChanges, recordChange, type FieldWords } from "~/.server/audit/audit-log";
import { dateWithYear } from "../visit-text";
import type { BookingSettings, BookingSettingsChange, ClosedDateWithBookings } from "./booking-settings.schema";
import { DEFAULT_CANCEL_WINDOW_HOURS } from "../change-window";
import { DEFAULT_OFFER_HOLD_MINUTES } from "~/features/waitlist/waitlist.schema";
import { readShopHours, type ShopHours } from "../shop-hours";

export const DEFAULT_BAYS = 3;
const BAYS_KEY = "bays";
export const NOTIFY_EMAIL_KEY = "notifyEmail";
const CANCEL_WINDOW_KEY = "cancelWindowHours";
const REMINDER_KEY = "reminderHours";
const OFFER_HOLD_KEY = "offerHoldMinutes";
/** The shop's hours, windows, lead time and days ahead, as one JSON value (shop-hours.ts). */
const SHOP_HOURS_KEY = "shopHours";
/** A reminder goes out this many hours before a visit until an admin sets another (0: none). */
export const DEFAULT_REMINDER_HOURS = 24;
/** Upcoming closed dates the dashboard lists: a year of holidays fits many times over. */
const CLOSED_DATES_SHOWN = 200;

type Reader = Pick<Database, "select">;
const SETTINGS_LOCK = "booking-settings";

/** The settings as a save's record compares them: the shop's hours as one value. */
type SavedSettings = Omit<BookingRules, "shop"> & { shop: ShopHours; cancelWindowHours: number };
const hoursWord = (n: number) => `${n} h`;
/** How a save's record says what changed. */
const SETTINGS_WORDS: FieldWords<SavedSettings> = {
  bays: { label: "bays" },
  cancelWindowHours: { label: "change window", show: hoursWord },
  reminderHours: { label: "reminder", show: (n) => (n ? `${n} h before` : "none") },
  offerHoldMinutes: { label: "waitlist hold", show: (n) => `${n} min` },
  notifyEmail: { label: "new-request e-mails to" },
  shop: { label: "opening hours and windows" },
};

async function readSetting(key: string, executor: Reader): Promise<unknown> {
  const [row] = await executor.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, key));
  return row?.value;
}

/** What a booking's transaction needs of the settings: bays per slot, and what its e-mails need. */
export interface BookingRules {
  bays: number;
  notifyEmail: string;
  reminderHours: number;
  /** How long a waitlist offer holds its place, in minutes (issue 29). */
  offerHoldMinutes: number;
  /** Opening hours, arrival windows, lead time and days ahead (the specification's until saved). */
  shop: ShopHours;
}
const RULE_KEYS = [BAYS_KEY, NOTIFY_EMAIL_KEY, REMINDER_KEY, SHOP_HOURS_KEY, OFFER_HOLD_KEY];

/** The booking rules that are set, as one SQL value (a JSON object of them). */
const bookingRulesJson = sql<Record<
  string,
  unknown
> | null>`(select json_object_agg(${appSettings.key}, ${appSettings.value}) from ${appSettings} where ${inArray(appSettings.key, RULE_KEYS)})`;

/**
 * Bays per time slot, the business's address for new requests, the customers' change window, and
 * closed dates. Until an admin saves a value, the bays default to 3, the address to BUSINESS_EMAIL
 * (or none) and the window to 2 hours. `changes` signals every save to every process: each keeps
 * the booking rules it read until then.
 */
export function createBookingSettingsService(db: Database, defaults: { notifyEmail?: string }, changes: ChangeSignal) {
  async function write(key: string, value: unknown, executor: Pick<Database, "insert"> = db) {
    await executor
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
  }

  /** Hours before a visit when its customer can no longer cancel or move it themself. */
  async function cancelWindowHours(executor: Reader = db): Promise<number> {
    const value = await readSetting(CANCEL_WINDOW_KEY, executor);
    return typeof value === "number" ? value : DEFAULT_CANCEL_WINDOW_HOURS;
  }
  /** The rules from the settings that are set (bookingRulesJson's value), the defaults for the rest. */
  function bookingRules(set: Record<string, unknown> | null): BookingRules {
    const {
      [BAYS_KEY]: bays,
      [NOTIFY_EMAIL_KEY]: notify,
      [REMINDER_KEY]: hours,
      [SHOP_HOURS_KEY]: shop,
      [OFFER_HOLD_KEY]: hold,
    } = set ?? {};
    return {
      bays: typeof bays === "number" ? bays : DEFAULT_BAYS,
      notifyEmail: typeof notify === "string" ? notify : (defaults.notifyEmail ?? ""),
      reminderHours: typeof hours === "number" ? hours : DEFAULT_REMINDER_HOURS,
      offerHoldMinutes: typeof hold === "number" ? hold : DEFAULT_OFFER_HOLD_MINUTES,
      shop: readShopHours(shop),
    };
  }
  /** The booking rules as stored now, in a read of their own. */
  async function readRules(executor: Reader = db): Promise<BookingRules> {
    const [row] = await executor.select({ set: bookingRulesJson }).from(sql`(select 1) as one`);
    return bookingRules(row?.set ?? null);
  }
  let kept: BookingRules | undefined;
  changes.onChange(() => (kept = undefined));
  /**
   * The rules a booking is judged and told by: read once and kept until a save is heard (while
   * every save is heard: `changes.cacheable`). `executor`: inside a transaction, pass it.
   */
  async function rules(executor: Reader = db): Promise<BookingRules> {
    if (kept && changes.cacheable) return kept;
    const version = changes.version;
    const fresh = await readRules(executor);
    // A save heard while this read was on its way may not be in it.
    if (changes.cacheable && changes.version === version) kept = fresh;
    return fresh;
  }
  async function settings(): Promise<BookingSettings> {
    const { shop, ...rest } = await rules();
    return { ...rest, ...shop, cancelWindowHours: await cancelWindowHours() };
  }

  return {
    /** Bays per slot, for availability. */
    bays: async () => (await rules()).bays,
    /** The shop's hours, for availability and the public pages. */
    shopHours: async () => (await rules()).shop,
    rules,
    cancelWindowHours,

    async getSettings(actor: Actor | null): Promise<BookingSettings> {
      requireJob(actor, "bookingSettings");
      return settings();
    },

    async updateSettings(actor: Actor | null, change: BookingSettingsChange): Promise<BookingSettings> {
      const who = auditActor(requireJob(actor, "bookingSettings"));
      // Both or neither: a request that changes two settings never leaves one of them changed.
      await changes.write(async (tx) => {
        // Saves queue up, so each record's "before" is what the save before it left.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SETTINGS_LOCK}))`);
        const before = await readRules(tx);
        const was: SavedSettings = {
          ...before,
          shop: before.shop,
          cancelWindowHours: await cancelWindowHours(tx),
        };
        if (change.bays !== undefined) await write(BAYS_KEY, change.bays, tx);
        if (change.notifyEmail !== undefined) await write(NOTIFY_EMAIL_KEY, change.notifyEmail.toLowerCase(), tx);
        if (change.cancelWindowHours !== undefined) await write(CANCEL_WINDOW_KEY, change.cancelWindowHours, tx);
        if (change.reminderHours !== undefined) await write(REMINDER_KEY, change.reminderHours, tx);
        if (change.offerHoldMinutes !== undefined) await write(OFFER_HOLD_KEY, change.offerHoldMinutes, tx);
        const { openingHours, arrivalWindows, leadMinutes, daysAhead } = change;
        const shop =
          openingHours && arrivalWindows && leadMinutes !== undefined && daysAhead !== undefined
            ? ({ openingHours, arrivalWindows, leadMinutes, daysAhead } satisfies ShopHours)
            : undefined;
        if (shop) await write(SHOP_HOURS_KEY, shop, tx);
        const changed = changedFields<SavedSettings>(was, {
          bays: change.bays,
          notifyEmail: change.notifyEmail?.toLowerCase(),
          cancelWindowHours: change.cancelWindowHours,
          reminderHours: change.reminderHours,
          offerHoldMinutes: change.offerHoldMinutes,
          // Stored as it was read (readShopHours), so an unchanged save compares equal.
          shop: shop && readShopHours(shop),
        });
        if (changed)
          await recordChange(tx, who, {
            kind: "settings.update",
            subjectType: "settings",
            subjectId: "booking",
            summary: `Booking settings: ${describeChanges(changed, SETTINGS_WORDS)}`,
            ...changed,
          });
      });
      return settings();
    },

    /**
     * Upcoming closed dates, each with the live bookings still on it (whose customers have not
     * moved yet: issue 29), in two queries. Closing one is the booking service's closeDate
     * (booking-closures.server.ts): it tells or cancels those bookings.
     */
    async listClosedDates(actor: Actor | null, today: string): Promise<ClosedDateWithBookings[]> {
      requireJob(actor, "bookingSettings");
      const closed = await db
        .select({ date: closedDates.date, reason: closedDates.reason })
        .from(closedDates)
        .where(gte(closedDates.date, today))
        .orderBy(asc(closedDates.date))
        .limit(CLOSED_DATES_SHOWN);
      const left = closed.length
        ? await db
            .select({
              _id: bookings.id,
              fullName: bookings.fullName,
              preferredDate: bookings.preferredDate,
              preferredTimeSlot: bookings.preferredTimeSlot,
              serviceType: bookings.serviceType,
            })
            .from(bookings)
            .where(
              and(
                inArray(
                  bookings.preferredDate,
                  closed.map((c) => c.date),
                ),
                ne(bookings.status, "cancelled"),
              ),
            )
            .orderBy(asc(bookings.preferredTimeSlot), asc(bookings.createdAt))
        : [];
      return closed.map((c) => ({
        ...c,
        notMoved: left.filter((b) => b.preferredDate === c.date).map(({ preferredDate: _, ...b }) => b),
      }));
    },

    async reopenDate(actor: Actor | null, date: string) {
      const who = auditActor(requireJob(actor, "bookingSettings"));
      const removed = await db.transaction(async (tx) => {
        const rows = await tx.delete(closedDates).where(eq(closedDates.date, date)).returning();
        if (rows[0])
          await recordChange(tx, who, {
            kind: "closed-date.reopen",
            subjectType: "closed-date",
            subjectId: date,
            summary: `Opened ${dateWithYear(date)} again (was closed: ${rows[0].reason})`,
            before: { reason: rows[0].reason },
            after: null,
          });
        return rows;
      });
      if (removed.length === 0) throw notFound("Closed date");
      return { acknowledged: true, deletedCount: removed.length };
    },
  };
}

export type BookingSettingsService = ReturnType<typeof createBookingSettingsService>;
