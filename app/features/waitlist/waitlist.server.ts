import { and, asc, between, count, desc, eq, inArray, lt, lte, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { Clock } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import { causeChain } from "~/.server/db/database-error";
import { insertWhen } from "~/.server/db/one-statement";
import { auditEvents, outbox, waitlistEntries, waitlistOffers } from "~/.server/db/schema";
import { auditActor, auditRows, recordChange, type AuditActor } from "~/.server/audit/audit-log";
import { log } from "~/.server/log";
import type { Mailer } from "~/.server/mail/mailer";
import type { BookingRequest } from "~/features/bookings/bookings.schema";
import { waitlistDay, waitlistMessage } from "./waitlist-emails";
import type { WaitlistLinks } from "./waitlist-links.server";
import type {
  WaitlistDay,
  WaitlistEntryStatus,
  WaitlistEntryView,
  WaitlistOfferPage,
  WaitlistOfferStatus,
  WaitlistRequest,
} from "./waitlist.schema";

/**
 * The waitlist (issue 29; decision 032): customers wait for a day's place; a place that frees is
 * offered to the first waiting entry it fits, in the order they joined, and HELD for it (an open
 * offer counts in claim_place like a booking) until accepted, declined, withdrawn or lapsed.
 *
 * Locks, always in this order, so no two writers wait on each other: the entry's row, then its
 * offer's row, then claim_place's advisory locks (the customer's, then each slot's). An offer is
 * made by ONE statement (hold) that locks the entry, claims the place and inserts the offer and its
 * e-mail only when claimed. An offer's lapse is a status change made here under the waitlist's
 * clock (the sweep, or an acceptance that came too late), never a time comparison in SQL.
 */

/** What the waitlist needs of the bookings (bookings' waitlist-places.server.ts, handed in by services.ts). */
export interface WaitlistPlaces {
  day(date: string): Promise<DayPlaces>;
  joinChecks(
    actor: Actor | null,
    body: WaitlistRequest & { preferredDate: string },
  ): Promise<{ minutes: number; summary: string }>;
  prepare(actor: Actor | null, request: BookingRequest): Promise<unknown>;
  book(
    tx: Tx,
    prepared: never,
    offerId: string,
  ): Promise<{ acknowledged: boolean; insertedId: string; manageToken: string }>;
  today(at?: Date): string;
}

/** One date's places as the offers judge them (bays, windows, what is held now). */
export interface DayPlaces {
  windows: string[];
  fits(slot: string, minutes: number): boolean;
  started(slot: string, leadMinutes?: number): boolean;
  hasRoom(slot: string, minutes: number): boolean;
  take(slot: string, minutes: number): void;
  holdCall(slot: string, minutes: number): SQL<string>;
}

type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
type WaitlistOfferRow = typeof waitlistOffers.$inferSelect;
type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface WaitlistOptions {
  places: WaitlistPlaces;
  mailer: Mailer;
  links: WaitlistLinks;
  /** The waitlist's time: when holds lapse (the end-to-end and API tests move it). */
  clock: Clock;
  /** How long an offer holds its place (Booking Settings' offerHoldMinutes). */
  holdMinutes(): Promise<number>;
}

export const ALREADY_WAITING = "You're already on the waitlist for this day. We'll e-mail you if a place frees up.";
export const OFFER_LAPSED =
  "This offer has lapsed: the place went to the next person on the list. You are no longer on the waitlist for this day.";
const OFFER_ENDED: Record<Exclude<WaitlistOfferStatus, "open">, string> = {
  accepted: "This offer was already accepted: the booking is made.",
  declined: "This offer was declined: the place went to the next person on the list.",
  lapsed: OFFER_LAPSED,
  withdrawn: "This offer was withdrawn: you are no longer on the waitlist for this day.",
};
const NOT_WAITING = "This entry is no longer waiting.";
const HAS_OFFER = "This entry already holds an offered place: wait for an answer or remove the offer first.";
const SLOT_FULL = "That time slot is full. Please choose another.";

/** What a hold statement answers: claim_place's words, or 'gone' when the entry stopped waiting. */
type HoldOutcome = "claimed" | "closed" | "full" | "gone" | string;

export function createWaitlist(db: Database, options: WaitlistOptions) {
  const { places, mailer, links, clock } = options;

  const offerMessage = (entry: WaitlistEntryRow, offer: WaitlistOfferRow) =>
    waitlistMessage("waitlist-offer", entry.email, {
      fullName: entry.fullName,
      date: offer.date,
      slot: offer.slot,
      summary: entry.summary,
      expiresAt: offer.expiresAt.toISOString(),
      offerUrl: links.offerUrl(offer.id),
      leaveUrl: links.leaveUrl(entry.id),
    });

  /**
   * Holds `slot` for `entry` in ONE statement (insertWhen): the entry's row is locked and must still
   * be waiting, claim_place takes the slots' locks and counts bookings and open offers, and the
   * offer and its e-mail are inserted only when it answers 'claimed'. A second open offer for the
   * entry (another process was quicker) breaks the unique index: nothing is written, 'gone'.
   * `byAdmin`: the admin offering it by hand, whose record is one more insert of the statement.
   */
  async function hold(
    day: DayPlaces,
    entry: WaitlistEntryRow,
    slot: string,
    byAdmin?: AuditActor,
  ): Promise<HoldOutcome> {
    const now = clock.now();
    const offer: WaitlistOfferRow = {
      id: newObjectId(now),
      entryId: entry.id,
      date: entry.date,
      slot,
      durationMinutes: entry.durationMinutes,
      status: "open",
      expiresAt: new Date(now.getTime() + (await options.holdMinutes()) * 60_000),
      byAdmin: byAdmin !== undefined,
      bookingId: null,
      createdAt: now,
      endedAt: null,
    };
    const decision = sql<HoldOutcome>`case when exists (select 1 from ${waitlistEntries}
      where ${waitlistEntries.id} = ${entry.id} and ${waitlistEntries.status} = 'waiting' for update)
      then ${day.holdCall(slot, entry.durationMinutes)} else 'gone' end`;
    try {
      return await insertWhen(db, decision, "claimed", [
        { table: waitlistOffers, rows: [offer] },
        { table: outbox, rows: mailer.rows([offerMessage(entry, offer)]) },
        // An admin's offer is their change, recorded in the statement that makes it (a full slot: neither).
        {
          table: auditEvents,
          rows: byAdmin
            ? auditRows(byAdmin, [
                {
                  kind: "waitlist.offer",
                  subjectType: "waitlist-entry",
                  subjectId: entry.id,
                  summary: `Offered the ${slot} window on ${waitlistDay(entry.date)} to a waiting customer`,
                  before: { status: "waiting", date: entry.date },
                  after: { offerId: offer.id, date: entry.date, slot, expiresAt: offer.expiresAt.toISOString() },
                },
              ])
            : [],
        },
      ]);
    } catch (error) {
      if (isOneOpenOffer(error)) return "gone";
      throw error;
    }
  }

  /** Waiting entries of a date with no open offer, in the order they joined. */
  const waitingWithoutOffer = (date: string) =>
    db
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.date, date),
          eq(waitlistEntries.status, "waiting"),
          sql`not exists (select 1 from ${waitlistOffers} where ${waitlistOffers.entryId} = ${waitlistEntries.id} and ${waitlistOffers.status} = 'open')`,
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));

  /** The windows an entry would take, in the day's order: its own, or any. */
  const wantedSlots = (day: DayPlaces, entry: Pick<WaitlistEntryRow, "slots">) =>
    entry.slots.length ? day.windows.filter((slot) => entry.slots.includes(slot)) : day.windows;

  /** Offers a date's free places to its waiting entries: each, in join order, gets its first window that has room. */
  async function offerDay(date: string): Promise<number> {
    if (date < places.today(clock.now())) return 0;
    const entries = await waitingWithoutOffer(date);
    if (entries.length === 0) return 0;
    const day = await places.day(date);
    let offered = 0;
    for (const entry of entries) {
      for (const slot of wantedSlots(day, entry)) {
        if (!day.fits(slot, entry.durationMinutes) || day.started(slot)) continue;
        if (!day.hasRoom(slot, entry.durationMinutes)) continue;
        const outcome = await hold(day, entry, slot);
        if (outcome === "closed") return offered;
        if (outcome === "claimed") {
          day.take(slot, entry.durationMinutes);
          offered += 1;
        }
        // 'full': another process took the place meanwhile; the next window may still have room.
        if (outcome !== "full") break;
      }
    }
    return offered;
  }

  /** THE ONE PLACE a freed place is offered on: after the change that freed it committed. */
  async function placesFreed(dates: string[]): Promise<number> {
    let offered = 0;
    for (const date of [...new Set(dates)].sort()) offered += await offerDay(date);
    return offered;
  }

  /** The same, for a caller whose own answer must not fail with it: a failure is logged, the sweep offers later. */
  async function placesFreedQuietly(dates: string[]) {
    try {
      await placesFreed(dates);
    } catch (error) {
      log.error("Offering freed places failed", { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Offers the free places of every day from today that has waiting entries (more bays: any day may have room). */
  async function offerWaiting(now: Date = clock.now()): Promise<number> {
    const dates = await db
      .selectDistinct({ date: waitlistEntries.date })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.status, "waiting"), sql`${waitlistEntries.date} >= ${places.today(now)}`))
      .orderBy(asc(waitlistEntries.date));
    return placesFreed(dates.map((d) => d.date));
  }

  /** The entry's row, locked (first of the waitlist's locks). */
  async function lockEntry(tx: Tx, id: string): Promise<WaitlistEntryRow | undefined> {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for("update");
    return entry;
  }

  /** The entry's open offer, locked (after the entry), if it has one. */
  async function lockOpenOffer(tx: Tx, entryId: string): Promise<WaitlistOfferRow | undefined> {
    const [offer] = await tx
      .select()
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, "open")))
      .for("update");
    return offer;
  }

  /** Ends a waiting entry (and withdraws its open offer) in the caller's transaction; answers the offer's date if one was open. */
  async function endEntry(
    tx: Tx,
    entry: WaitlistEntryRow,
    status: WaitlistEntryStatus,
    offerStatus: WaitlistOfferStatus,
  ) {
    const now = clock.now();
    const offer = await lockOpenOffer(tx, entry.id);
    if (offer)
      await tx.update(waitlistOffers).set({ status: offerStatus, endedAt: now }).where(eq(waitlistOffers.id, offer.id));
    await tx.update(waitlistEntries).set({ status, endedAt: now }).where(eq(waitlistEntries.id, entry.id));
    return offer;
  }

  /**
   * Lapses one open offer whose hold has ended by `now` (each offer once, however many processes
   * sweep: the entry's lock, then the offer's, and a status check under them). Answers its date.
   */
  async function lapseOffer(offerId: string, entryId: string, now: Date): Promise<string | null> {
    return db.transaction(async (tx) => {
      const entry = await lockEntry(tx, entryId);
      const offer = await lockOpenOffer(tx, entryId);
      if (!entry || !offer || offer.id !== offerId || offer.expiresAt.getTime() > now.getTime()) return null;
      await tx.update(waitlistOffers).set({ status: "lapsed", endedAt: now }).where(eq(waitlistOffers.id, offer.id));
      if (entry.status === "waiting")
        await tx
          .update(waitlistEntries)
          .set({ status: "lapsed", endedAt: now })
          .where(eq(waitlistEntries.id, entry.id));
      return offer.date;
    });
  }

  async function offerAndEntry(token: string) {
    const offerId = links.offerIdFromToken(token);
    if (!offerId) return null;
    const [found] = await db
      .select({ offer: waitlistOffers, entry: waitlistEntries })
      .from(waitlistOffers)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
      .where(eq(waitlistOffers.id, offerId));
    return found ?? null;
  }

  const toOfferView = (o: WaitlistOfferRow) => ({
    id: o.id,
    slot: o.slot,
    status: o.status as WaitlistOfferStatus,
    expiresAt: o.expiresAt.toISOString(),
    byAdmin: o.byAdmin,
    createdAt: o.createdAt.toISOString(),
  });

  return {
    placesFreed,
    placesFreedQuietly,

    /**
     * A customer joins a day's list: checked and priced as a booking would be, one live entry per
     * e-mail and day, the "You're on the waitlist" e-mail stored with it. A place already free is
     * offered at once (the entry may be the first that fits it).
     */
    async join(actor: Actor | null, body: WaitlistRequest) {
      const member = actor && actor.role !== "admin" ? actor : null;
      const email = (member?.email ?? body.email ?? "").toLowerCase();
      if (!email)
        throw new AppError("validation_failed", "Please check the highlighted fields.", { email: "Email is required" });
      if (body.website) return { acknowledged: true, insertedId: newObjectId() };
      const { minutes, summary } = await places.joinChecks(actor, body);
      const { slots, website: _w, email: _e, ...rest } = body;
      const now = clock.now();
      const entry: WaitlistEntryRow = {
        id: newObjectId(now),
        date: body.preferredDate,
        slots: [...new Set(slots)],
        email,
        fullName: member && !body.fullName ? member.name : body.fullName,
        phone: body.phone,
        userId: member?.id ?? null,
        request: rest as Record<string, unknown>,
        durationMinutes: minutes,
        summary,
        status: "waiting",
        bookingId: null,
        createdAt: now,
        endedAt: null,
      };
      try {
        await db.transaction(async (tx) => {
          await tx.insert(waitlistEntries).values(entry);
          await mailer.send(
            waitlistMessage("waitlist-joined", email, {
              fullName: entry.fullName,
              date: entry.date,
              slots: entry.slots,
              summary,
              leaveUrl: links.leaveUrl(entry.id),
            }),
            { executor: tx },
          );
        });
      } catch (error) {
        if (isOneLiveEntry(error)) throw new AppError("conflict", ALREADY_WAITING, { preferredDate: ALREADY_WAITING });
        throw error;
      }
      await placesFreedQuietly([entry.date]);
      return { acknowledged: true, insertedId: entry.id };
    },

    /** A day's list for an admin: waiting entries first, each group in the order they joined, with their offers. */
    async day(actor: Actor | null, date: string): Promise<WaitlistDay> {
      requireAdmin(actor);
      const entries = await db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.date, date))
        .orderBy(
          sql`case when ${waitlistEntries.status} = 'waiting' then 0 else 1 end`,
          asc(waitlistEntries.createdAt),
          asc(waitlistEntries.id),
        );
      const offers = entries.length
        ? await db
            .select()
            .from(waitlistOffers)
            .where(
              inArray(
                waitlistOffers.entryId,
                entries.map((e) => e.id),
              ),
            )
            .orderBy(asc(waitlistOffers.createdAt))
        : [];
      const views: WaitlistEntryView[] = entries.map((e) => ({
        id: e.id,
        date: e.date,
        fullName: e.fullName,
        email: e.email,
        phone: e.phone,
        summary: e.summary,
        durationMinutes: e.durationMinutes,
        slots: e.slots,
        status: e.status as WaitlistEntryStatus,
        createdAt: e.createdAt.toISOString(),
        offers: offers.filter((o) => o.entryId === e.id).map(toOfferView),
      }));
      return { date, entries: views, waited: entries.length };
    },

    /** How many people joined each day's list from `from` to `to`, whatever became of them: for planning staff. */
    async demand(actor: Actor | null, from: string, to: string) {
      requireAdmin(actor);
      return db
        .select({ date: waitlistEntries.date, waited: count() })
        .from(waitlistEntries)
        .where(between(waitlistEntries.date, from, to))
        .groupBy(waitlistEntries.date)
        .orderBy(asc(waitlistEntries.date));
    },

    /** An admin removes an entry: its open offer is withdrawn and the place goes on. */
    async remove(actor: Actor | null, entryId: string) {
      const who = auditActor(requireAdmin(actor));
      if (!isObjectId(entryId)) throw notFound("Waitlist entry");
      const freed = await db.transaction(async (tx) => {
        const entry = await lockEntry(tx, entryId);
        if (!entry) throw notFound("Waitlist entry");
        if (entry.status !== "waiting") throw new AppError("conflict", NOT_WAITING);
        const freedOffer = await endEntry(tx, entry, "removed", "withdrawn");
        await recordChange(tx, who, {
          kind: "waitlist.remove",
          subjectType: "waitlist-entry",
          subjectId: entry.id,
          summary: `Removed from the waitlist of ${waitlistDay(entry.date)}${freedOffer ? " (its offer withdrawn)" : ""}`,
          before: { status: entry.status, date: entry.date },
          after: { status: "removed", date: entry.date },
        });
        return freedOffer;
      });
      if (freed) await placesFreedQuietly([freed.date]);
      return { acknowledged: true, deletedCount: 1 };
    },

    /** An admin offers a place to this entry, whatever its place in the line, if the place is free. */
    async offerByHand(actor: Actor | null, entryId: string, slot: string) {
      const admin = requireAdmin(actor);
      const [entry] = isObjectId(entryId)
        ? await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId))
        : [];
      if (!entry) throw notFound("Waitlist entry");
      if (entry.status !== "waiting") throw new AppError("conflict", NOT_WAITING);
      const day = await places.day(entry.date);
      if (!day.windows.includes(slot))
        throw new AppError("validation_failed", "Please check the highlighted fields.", { slot: "Select a time slot" });
      if (!day.fits(slot, entry.durationMinutes)) {
        const message = "That visit doesn't fit before closing in this window.";
        throw new AppError("conflict", message, { slot: message });
      }
      const outcome = await hold(day, entry, slot, auditActor(admin));
      if (outcome === "claimed") {
        const [offer] = await db
          .select()
          .from(waitlistOffers)
          .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "open")));
        return { acknowledged: true, insertedId: offer!.id };
      }
      if (outcome === "full") throw new AppError("conflict", SLOT_FULL, { slot: SLOT_FULL });
      if (outcome === "closed") throw new AppError("conflict", "That date is closed.");
      // Either it stopped waiting or it holds an offer already.
      const [open] = await db
        .select({ id: waitlistOffers.id })
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.entryId, entry.id), eq(waitlistOffers.status, "open")));
      throw new AppError("conflict", open ? HAS_OFFER : NOT_WAITING);
    },

    /** An offer as its link's page shows it; null for a link the server did not write. */
    async offerPage(token: string): Promise<WaitlistOfferPage | null> {
      const found = await offerAndEntry(token);
      if (!found) return null;
      const { offer, entry } = found;
      const lapsed = offer.status === "open" && offer.expiresAt.getTime() <= clock.now().getTime();
      return {
        date: offer.date,
        slot: offer.slot,
        summary: entry.summary,
        fullName: entry.fullName,
        status: lapsed ? "lapsed" : (offer.status as WaitlistOfferStatus),
        expiresAt: offer.expiresAt.toISOString(),
      };
    },

    /**
     * One tap books the held place: in one transaction the entry and the offer are locked, the offer
     * must be open and its hold not yet over (by the waitlist's clock), and the booking is made with
     * the same rules as POST /api/bookings, its claim not counting this offer's hold, so the held
     * place becomes the booking. Too late: the offer lapses, the place goes on, and 409 says so.
     */
    async accept(token: string) {
      const found = await offerAndEntry(token);
      if (!found) throw notFound("Offer");
      const { offer: seen, entry: joined } = found;
      if (seen.status !== "open") throw new AppError("conflict", OFFER_ENDED[seen.status as "accepted"]);
      const member: Actor | null = joined.userId
        ? { id: joined.userId, name: joined.fullName, email: joined.email, role: "member", emailVerified: true }
        : null;
      const request = {
        ...joined.request,
        fullName: joined.fullName,
        phone: joined.phone,
        email: joined.email,
        preferredDate: seen.date,
        preferredTimeSlot: seen.slot,
      } as unknown as BookingRequest;
      const now = clock.now();
      // The booking's checks and row, made before the transaction as a request's are (not for a lapsed hold).
      const prepared = seen.expiresAt.getTime() > now.getTime() ? await places.prepare(member, request) : null;
      const outcome = await db.transaction(async (tx) => {
        const entry = await lockEntry(tx, joined.id);
        const offer = await lockOpenOffer(tx, joined.id);
        if (!entry || !offer || offer.id !== seen.id) return { refused: "ended" as const };
        if (offer.expiresAt.getTime() <= now.getTime()) {
          await tx
            .update(waitlistOffers)
            .set({ status: "lapsed", endedAt: now })
            .where(eq(waitlistOffers.id, offer.id));
          await tx
            .update(waitlistEntries)
            .set({ status: "lapsed", endedAt: now })
            .where(eq(waitlistEntries.id, entry.id));
          return { refused: "lapsed" as const };
        }
        if (!prepared) return { refused: "ended" as const };
        const booked = await places.book(tx, prepared as never, offer.id);
        await tx
          .update(waitlistOffers)
          .set({ status: "accepted", bookingId: booked.insertedId, endedAt: now })
          .where(eq(waitlistOffers.id, offer.id));
        await tx
          .update(waitlistEntries)
          .set({ status: "booked", bookingId: booked.insertedId, endedAt: now })
          .where(eq(waitlistEntries.id, entry.id));
        return { booked };
      });
      if ("booked" in outcome) return outcome.booked;
      if (outcome.refused === "lapsed") {
        await placesFreedQuietly([seen.date]);
        throw new AppError("conflict", OFFER_LAPSED);
      }
      const [now_] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, seen.id));
      throw new AppError("conflict", OFFER_ENDED[(now_?.status ?? "withdrawn") as "withdrawn"]);
    },

    /** The customer declines the place: the entry ends (declined) and the place goes to the next that fits. */
    async decline(token: string) {
      const found = await offerAndEntry(token);
      if (!found) throw notFound("Offer");
      const { offer: seen, entry: joined } = found;
      const declined = await db.transaction(async (tx) => {
        const entry = await lockEntry(tx, joined.id);
        const offer = await lockOpenOffer(tx, joined.id);
        if (!entry || !offer || offer.id !== seen.id) return false;
        await endEntry(tx, entry, "declined", "declined");
        return true;
      });
      if (!declined) {
        const [current] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, seen.id));
        throw new AppError("conflict", OFFER_ENDED[(current?.status ?? "withdrawn") as "withdrawn"]);
      }
      await placesFreedQuietly([seen.date]);
      return { acknowledged: true, status: "declined" as const };
    },

    /** The leave link's page: whose entry, for which day, and where it is; null for a link the server did not write. */
    async leavePage(token: string) {
      const id = links.entryIdFromToken(token);
      if (!id) return null;
      const [entry] = await db
        .select({ date: waitlistEntries.date, fullName: waitlistEntries.fullName, status: waitlistEntries.status })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.id, id));
      return entry ? { ...entry, status: entry.status as WaitlistEntryStatus } : null;
    },

    /** The customer leaves the list from the e-mail: the entry ends (left), an open offer is withdrawn and goes on. */
    async leave(token: string) {
      const id = links.entryIdFromToken(token);
      if (!id) throw notFound("Waitlist entry");
      const result = await db.transaction(async (tx) => {
        const entry = await lockEntry(tx, id);
        if (!entry) throw notFound("Waitlist entry");
        if (entry.status !== "waiting") return { status: entry.status as WaitlistEntryStatus, freed: undefined };
        return { status: "left" as const, freed: await endEntry(tx, entry, "left", "withdrawn") };
      });
      if (result.freed) await placesFreedQuietly([result.freed.date]);
      return { acknowledged: true, status: result.status };
    },

    /**
     * The once-a-minute sweep, at `now` by the waitlist's clock: lapses the open offers whose hold
     * has ended (each once), ends the entries of days that have passed, then offers the free places
     * of every day that has waiting entries. Answers how many offers it made.
     */
    async sweep(now: Date = clock.now()): Promise<number> {
      const due = await db
        .select({ id: waitlistOffers.id, entryId: waitlistOffers.entryId })
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.status, "open"), lte(waitlistOffers.expiresAt, now)))
        .orderBy(asc(waitlistOffers.expiresAt));
      for (const offer of due) await lapseOffer(offer.id, offer.entryId, now);
      const today = places.today(now);
      await db.transaction(async (tx) => {
        const ended = await tx
          .update(waitlistEntries)
          .set({ status: "ended", endedAt: now })
          .where(and(eq(waitlistEntries.status, "waiting"), lt(waitlistEntries.date, today)))
          .returning({ id: waitlistEntries.id });
        if (ended.length)
          await tx
            .update(waitlistOffers)
            .set({ status: "withdrawn", endedAt: now })
            .where(
              and(
                eq(waitlistOffers.status, "open"),
                inArray(
                  waitlistOffers.entryId,
                  ended.map((e) => e.id),
                ),
              ),
            );
      });
      return offerWaiting(now);
    },

    offerWaiting,

    /**
     * A day closed (the lead wires it into the closed-dates route): each waiting entry is told, with
     * the reason, and ends (closed); open offers are withdrawn. Answers how many were told.
     */
    async dayClosed(date: string, reason: string) {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const entries = await tx
          .select()
          .from(waitlistEntries)
          .where(and(eq(waitlistEntries.date, date), eq(waitlistEntries.status, "waiting")))
          .orderBy(asc(waitlistEntries.id))
          .for("update");
        if (entries.length === 0) return 0;
        const ids = entries.map((e) => e.id);
        await tx
          .update(waitlistOffers)
          .set({ status: "withdrawn", endedAt: now })
          .where(and(eq(waitlistOffers.status, "open"), inArray(waitlistOffers.entryId, ids)));
        await tx
          .update(waitlistEntries)
          .set({ status: "closed", endedAt: now })
          .where(inArray(waitlistEntries.id, ids));
        await mailer.send(
          entries.map((e) => waitlistMessage("waitlist-closed", e.email, { fullName: e.fullName, date, reason })),
          { executor: tx },
        );
        return entries.length;
      });
    },

    /** The newest offers first, for a test or the board: an entry's offers. */
    async offersOf(entryId: string) {
      return db
        .select()
        .from(waitlistOffers)
        .where(eq(waitlistOffers.entryId, entryId))
        .orderBy(desc(waitlistOffers.createdAt));
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlist>;

function isUnique(error: unknown, index: string): boolean {
  for (const pg of causeChain(error))
    if (pg.code === "23505" && (pg.constraint === index || pg.message?.includes(index))) return true;
  return false;
}
const isOneOpenOffer = (error: unknown) => isUnique(error, "waitlist_offers_one_open_idx");
const isOneLiveEntry = (error: unknown) => isUnique(error, "waitlist_entries_one_live_idx");
