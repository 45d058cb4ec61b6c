import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { auditActor, changedFields, recordChange, SYSTEM } from "~/.server/audit/audit-log";
import type { Database } from "~/.server/db/client";
import { appSettings, auditEvents, bookings, outbox, type AuditEventRow } from "~/.server/db/schema";
import type { BookingMessage } from "~/features/outbox/outbox.schema";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { isObjectId } from "~/lib/object-id";
import {
  DEFAULT_RETENTION_DAYS,
  HISTORY_MAX,
  personLabel,
  type ActivityPage,
  type ActivityPerson,
  type ActivityQuery,
  type ActorRole,
  type AuditEvent,
  type AuditSettings,
  type HistoryEntry,
} from "./audit.schema";

const RETENTION_KEY = "auditRetentionDays";
/** One sweep drops at most this many records: a first sweep over years of them stays a short transaction. */
const DROP_BATCH = 5000;
/** The people the Activity filter lists at most. */
const PEOPLE_MAX = 200;
const BAD_CURSOR = "cursor is the nextCursor of the page before";

type Reader = Pick<Database, "select">;

export interface AuditOptions {
  /** The business's time zone: a filter's days are its days. */
  timeZone: string;
  /** A booking's messages, oldest first (the outbox's, handed in by services.ts). */
  bookingMessages(actor: Actor | null, bookingId: string, limit: number): Promise<BookingMessage[]>;
}

function toEvent(row: AuditEventRow, subjectName: string | null = null): AuditEvent {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole as ActorRole },
    kind: row.kind,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    summary: row.summary,
    subjectName,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/**
 * Reading the record of changes (issue 31): a booking's history with its messages, Dashboard →
 * Activity, the retention setting, and the sweep that drops what is older. Writing a record is
 * ~/.server/audit/audit-log.ts's alone, in each change's own transaction.
 */
export function createAudit(db: Database, options: AuditOptions) {
  async function retentionDays(executor: Reader = db): Promise<number> {
    const [row] = await executor
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, RETENTION_KEY));
    return typeof row?.value === "number" ? row.value : DEFAULT_RETENTION_DAYS;
  }

  /**
   * Whose bookings a page of records is about, by id: the name each booking has now, read with the
   * page (so records written before this was shown name them too, and none once their details are
   * removed: decision 036, which a name copied into the record would outlive). One read by the key.
   */
  async function bookingNames(events: AuditEventRow[]): Promise<Map<string, string>> {
    const ids = [
      ...new Set(events.filter((e) => e.subjectType === "booking" && e.subjectId).map((e) => e.subjectId!)),
    ].filter(isObjectId);
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: bookings.id, fullName: bookings.fullName })
      .from(bookings)
      .where(inArray(bookings.id, ids));
    return new Map(rows.map((r) => [r.id, r.fullName]));
  }

  return {
    /**
     * A booking's changes (its own, and "sent again" of its messages) and the messages sent about
     * it, oldest first. An unknown booking is not found.
     */
    async bookingHistory(actor: Actor | null, bookingId: string): Promise<HistoryEntry[]> {
      requireJob(actor, "desk");
      const [booking] = isObjectId(bookingId)
        ? await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId))
        : [];
      if (!booking) throw notFound("Booking");
      const [events, messages] = await Promise.all([
        db
          .select()
          .from(auditEvents)
          .where(
            or(
              and(eq(auditEvents.subjectType, "booking"), eq(auditEvents.subjectId, bookingId)),
              and(
                eq(auditEvents.subjectType, "message"),
                inArray(
                  auditEvents.subjectId,
                  db.select({ id: outbox.id }).from(outbox).where(eq(outbox.bookingId, bookingId)),
                ),
              ),
            ),
          )
          .orderBy(auditEvents.at, auditEvents.id)
          .limit(HISTORY_MAX),
        options.bookingMessages(actor, bookingId, HISTORY_MAX),
      ]);
      const entries: HistoryEntry[] = [
        ...events.map((row) => {
          const event = toEvent(row);
          return {
            type: "change" as const,
            _id: event._id,
            at: event.at,
            who: event.actor,
            what: event.summary,
            kind: event.kind,
            before: event.before,
            after: event.after,
          };
        }),
        ...messages.map((m) => ({
          type: "message" as const,
          _id: m._id,
          at: m.createdAt,
          who: SYSTEM,
          what: `E-mail "${m.subject}" to ${m.to}`,
          message: {
            template: m.template,
            subject: m.subject,
            to: m.to,
            state: m.state,
            sendAfter: m.sendAfter,
            sentAt: m.sentAt,
          },
        })),
      ];
      // A change and the messages it wrote share its transaction's moment: the change comes first.
      return entries.sort((a, b) => a.at.localeCompare(b.at) || (a.type === b.type ? 0 : a.type === "change" ? -1 : 1));
    },

    /** Every change, newest first, filtered by person, kind and the business's days; a page at a time. */
    async activity(actor: Actor | null, query: ActivityQuery): Promise<ActivityPage> {
      requireJob(actor, "activity");
      const after = query.cursor ? readCursor(query.cursor) : undefined;
      const conditions: (SQL | undefined)[] = [
        query.actor === "guest" || query.actor === "system"
          ? eq(auditEvents.actorRole, query.actor)
          : query.actor
            ? eq(auditEvents.actorId, query.actor)
            : undefined,
        query.kind ? eq(auditEvents.kind, query.kind) : undefined,
        query.from ? gte(auditEvents.at, zonedTimeToUtc(query.from, "00:00", options.timeZone)) : undefined,
        query.to ? lt(auditEvents.at, zonedTimeToUtc(addDays(query.to, 1), "00:00", options.timeZone)) : undefined,
        // Keyset: strictly older than the last row shown (at to the microsecond, then id).
        after
          ? sql`(${auditEvents.at}, ${auditEvents.id}) < (timestamptz 'epoch' + ${after.micros}::bigint * interval '1 microsecond', ${after.id})`
          : undefined,
      ];
      const rows = await db
        .select({ row: auditEvents, micros: atMicros })
        .from(auditEvents)
        .where(and(...conditions))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      const names = await bookingNames(page.map((r) => r.row));
      return {
        items: page.map((r) =>
          toEvent(r.row, r.row.subjectType === "booking" ? (names.get(r.row.subjectId!) ?? "") : null),
        ),
        nextCursor: rows.length > query.limit && last ? writeCursor(last.micros, last.row.id) : null,
      };
    },

    /**
     * Whoever has made a change (by their latest name), for the Activity filter, then customers with
     * a manage link and the server. Read one person at a time down the actor index (a loose index
     * scan), so it costs the number of people, not of records.
     */
    async people(actor: Actor | null): Promise<ActivityPerson[]> {
      requireJob(actor, "activity");
      const result = (await db.execute(sql`
        with recursive people(id) as (
          (select actor_id from audit_events where actor_id is not null order by actor_id limit 1)
          union all
          select (select actor_id from audit_events where actor_id > people.id order by actor_id limit 1)
          from people where people.id is not null
        )
        select people.id, latest.actor_name as name, latest.actor_role as role
        from people
        cross join lateral (
          select actor_name, actor_role from audit_events
          where actor_id = people.id order by at desc limit 1
        ) latest
        where people.id is not null
        limit ${PEOPLE_MAX}`)) as unknown as { rows: { id: string; name: string; role: string }[] };
      const named = result.rows
        .map((p) => ({ value: p.id, label: personLabel(p) }))
        .sort((a, b) => a.label.localeCompare(b.label));
      return [
        ...named,
        { value: "guest", label: "Customers with a manage link" },
        { value: "system", label: "The server" },
      ];
    },

    async getSettings(actor: Actor | null): Promise<AuditSettings> {
      requireJob(actor, "activity");
      return { retentionDays: await retentionDays() };
    },

    /** How long records are kept: a change of settings, recorded as every other. */
    async updateSettings(actor: Actor | null, change: AuditSettings): Promise<AuditSettings> {
      const who = auditActor(requireJob(actor, "security"));
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${RETENTION_KEY}))`);
        const before = { retentionDays: await retentionDays(tx) };
        await tx
          .insert(appSettings)
          .values({ key: RETENTION_KEY, value: change.retentionDays })
          .onConflictDoUpdate({ target: appSettings.key, set: { value: change.retentionDays, updatedAt: new Date() } });
        const changed = changedFields(before, change);
        if (changed)
          await recordChange(tx, who, {
            kind: "settings.update",
            subjectType: "settings",
            subjectId: "audit",
            summary: `Activity kept ${before.retentionDays} → ${change.retentionDays} days`,
            ...changed,
          });
      });
      return change;
    },

    /**
     * Drops records older than the retention setting at `at`, a batch at a time (the follow-ups'
     * once-a-minute sweep, in every process). Under several processes one sweep at a time does the
     * work: the others find the lock taken and drop nothing. Answers how many it dropped.
     */
    async dropExpired(at: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const locked = (await tx.execute(
          sql`select pg_try_advisory_xact_lock(hashtext('audit-retention')) as locked`,
        )) as unknown as { rows: { locked: boolean }[] };
        if (!locked.rows[0]?.locked) return 0;
        const cutoff = new Date(at.getTime() - (await retentionDays(tx)) * 86_400_000);
        const oldest = tx
          .select({ id: auditEvents.id })
          .from(auditEvents)
          .where(lt(auditEvents.at, cutoff))
          .orderBy(auditEvents.at)
          .limit(DROP_BATCH);
        const dropped = await tx
          .delete(auditEvents)
          .where(inArray(auditEvents.id, oldest))
          .returning({ id: auditEvents.id });
        return dropped.length;
      });
    },
  };
}

export type AuditService = ReturnType<typeof createAudit>;

/** A record's moment in whole microseconds since 1970 (PostgreSQL's precision; a JS Date has milliseconds). */
const atMicros = sql<string>`(extract(epoch from ${auditEvents.at}) * 1000000)::bigint::text`;

/** "<micros>.<id>" in base64url: where the next page starts, opaque to the client. */
function writeCursor(micros: string, id: string): string {
  return Buffer.from(`${micros}.${id}`).toString("base64url");
}

function readCursor(cursor: string): { micros: string; id: string } {
  const [micros, id] = Buffer.from(cursor, "base64url").toString().split(".");
  if (!micros || !/^\d{1,17}$/.test(micros) || !id || !isObjectId(id))
    throw new AppError("validation_failed", BAD_CURSOR, { cursor: BAD_CURSOR });
  return { micros, id };
}
