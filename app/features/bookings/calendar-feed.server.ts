import { createHash, createHmac } from "node:crypto";
import { and, asc, eq, gte, lte, ne } from "drizzle-orm";
import { users } from "~/.server/db/schema";
import type { Database } from "~/.server/db/client";
import { bookings, calendarFeeds } from "~/.server/db/schema";
import { requireJob, type Actor } from "~/lib/access";
import { can } from "~/lib/permissions";
import { roleOf } from "~/lib/roles";
import { addDays, businessToday } from "~/lib/business-date";
import { formatLength } from "~/lib/service-length";
import { bookingEvent, calendarFile, escapeText, type CalendarPlace } from "./booking-calendar";
import { ANYTIME } from "./bookings.schema";
import { currentSequence, toBooking } from "./booking-rows.server";
import type { ShopHours } from "./shop-hours";
import { addOnNames, bookingVehicleName } from "./visit-summary";

/** The feed's window: last week's visits stay in view, and the next three months. */
export const FEED_DAYS_BEFORE = 7;
export const FEED_DAYS_AFTER = 90;
/** A busy shop books a few dozen visits a day: more than this in the window is never a calendar's need. */
export const FEED_EVENTS_MAX = 2000;
/** How often calendar apps are asked to fetch it again (Google fetches on its own schedule anyway). */
const REFRESH = "PT15M";

/** The secret's stored form: the table alone opens no feed. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");
/** 32 bytes in base64url: anything else is not a feed's token, and is refused before the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export interface CalendarFeedOptions {
  place: CalendarPlace;
  /** The site's public origin: the feed's URL is built on it. */
  publicUrl: string;
  /** The server's own secret: each feed's token is its HMAC of the admin and the feed's moment. */
  secret: string;
  /** The shop's hours (Booking Settings): each event spans the window its car must arrive in. */
  shopHours: () => Promise<ShopHours>;
  now?: () => Date;
}

/**
 * Each admin's private calendar feed of the shop's bookings (issue 29 part 4): a secret URL their
 * calendar app fetches with no cookie, one event per visit with what the board shows (customer,
 * phone, vehicle, service, add-ons, status, bay time). Renewing replaces the secret; a feed whose
 * admin is no longer one answers nothing.
 */
export function createCalendarFeeds(db: Database, options: CalendarFeedOptions) {
  const now = options.now ?? (() => new Date());
  const urlOf = (token: string) => `${options.publicUrl}/api/calendar-feed/${token}.ics`;

  /**
   * The token is written from the server's secret, the admin's id and the row's created_at (a new
   * one on each renew), so the page can show the URL again while only its hash is stored; the 32
   * bytes of HMAC are as unguessable as random ones while the secret is kept.
   */
  const tokenOf = (userId: string, createdAt: Date) =>
    createHmac("sha256", options.secret).update(`calendar-feed:${userId}:${createdAt.getTime()}`).digest("base64url");

  /** One row per admin, upserted: two renews at once leave one row, and the later write's URL is the one that works. */
  async function renewFor(userId: string): Promise<string> {
    // A moment after the current feed's, even within its millisecond, so the old URL always stops.
    const [current] = await db
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, userId));
    const createdAt = new Date(Math.max(now().getTime(), (current?.createdAt.getTime() ?? 0) + 1));
    const token = tokenOf(userId, createdAt);
    const row = { userId, tokenHash: hashOf(token), createdAt };
    await db
      .insert(calendarFeeds)
      .values(row)
      .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: row.tokenHash, createdAt } });
    return token;
  }

  return {
    /** The admin's feed URL, made on the first ask; the same URL on every later one. */
    async feedUrl(actor: Actor | null): Promise<{ url: string }> {
      const admin = requireJob(actor, "calendarFeed");
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, admin.id));
      const kept = row && tokenOf(admin.id, row.createdAt);
      // No feed yet, or a server secret changed since (its old URL can no longer be written): a new one.
      if (kept && hashOf(kept) === row.tokenHash) return { url: urlOf(kept) };
      return { url: urlOf(await renewFor(admin.id)) };
    },

    /** A new secret URL for the admin; the old one answers 404 from now on. */
    async renew(actor: Actor | null): Promise<{ url: string }> {
      const admin = requireJob(actor, "calendarFeed");
      return { url: urlOf(await renewFor(admin.id)) };
    },

    /** The calendar text of a valid token whose user is still an admin; null for anything else. */
    async feed(token: string): Promise<string | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const [owner] = await db
        .select({ role: users.role })
        .from(calendarFeeds)
        .innerJoin(users, eq(users.id, calendarFeeds.userId))
        .where(eq(calendarFeeds.tokenHash, hashOf(token)));
      // A feed stops the moment its owner may no longer read the shop's bookings.
      if (!owner || !can(roleOf(owner.role), "calendarFeed")) return null;
      const at = now();
      const today = businessToday(options.place.timeZone, at);
      const rows = await db
        .select()
        .from(bookings)
        .where(
          and(
            gte(bookings.preferredDate, addDays(today, -FEED_DAYS_BEFORE)),
            lte(bookings.preferredDate, addDays(today, FEED_DAYS_AFTER)),
            ne(bookings.status, "cancelled"),
          ),
        )
        .orderBy(asc(bookings.preferredDate), asc(bookings.preferredTimeSlot), asc(bookings.id))
        .limit(FEED_EVENTS_MAX);
      const { place } = options;
      const shop = await options.shopHours();
      const events = rows.map((row) => {
        const booking = toBooking(row, shop);
        const what = [booking.serviceType, booking.packageName].filter(Boolean).join(", ");
        const addOns = addOnNames(booking);
        const description = [
          `${booking.fullName}, ${booking.phone}`,
          `${what} · ${bookingVehicleName(booking)}`,
          addOns.length ? `Add-ons: ${addOns.join(", ")}` : "",
          `${booking.status === "confirmed" ? "Confirmed" : "Pending"} · ${formatLength(booking.minutes)}`,
          booking.preferredTimeSlot === ANYTIME ? "Any time that day" : `Slot ${booking.preferredTimeSlot}`,
        ]
          .filter(Boolean)
          .join("\n");
        return bookingEvent(booking, place, {
          now: at,
          sequence: currentSequence(row),
          lastModified: row.updatedAt,
          summary: `${booking.serviceType} · ${booking.fullName} · ${bookingVehicleName(booking)}`,
          description,
        });
      });
      return calendarFile(
        place,
        [
          "METHOD:PUBLISH",
          `X-WR-CALNAME:${escapeText(`${place.name} bookings`)}`,
          `X-WR-TIMEZONE:${place.timeZone}`,
          `REFRESH-INTERVAL;VALUE=DURATION:${REFRESH}`,
          `X-PUBLISHED-TTL:${REFRESH}`,
        ],
        events,
      );
    },
  };
}

export type CalendarFeeds = ReturnType<typeof createCalendarFeeds>;
