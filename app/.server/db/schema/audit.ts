import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { moment, objectId } from "./columns";

/** The audit record: who changed what, when. */

/**
 * Who changed what, when, with the values before and after (issue 31): every admin or staff
 * change, and a customer's own changes to a booking, written in the transaction of the change it
 * records (audit-log.server.ts), so a refused change leaves none. No foreign keys: the record
 * outlives the person and the thing it names (the actor's name and role are copied). Dropped after
 * the retention setting (two years by default).
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: objectId("id").primaryKey(),
    at: moment("at").notNull().defaultNow(),
    /** The user who made the change; null for a guest with a manage link, or the server itself. */
    actorId: objectId("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    /** admin | member | guest | system */
    actorRole: text("actor_role").notNull(),
    /** What changed, as "subject.verb": booking.status, booking.move, plan.delete, user.role … */
    kind: text("kind").notNull(),
    /** booking | plan | add-on | settings | user | closed-date | message | backup … */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id"),
    /** One line a person reads: "Confirmed", "Moved from Sat, Nov 28 9–11 AM to …". */
    summary: text("summary").notNull().default(""),
    before: jsonb("before").$type<Record<string, unknown> | null>(),
    after: jsonb("after").$type<Record<string, unknown> | null>(),
  },
  (t) => [
    check(
      "audit_events_actor_role_check",
      sql`${t.actorRole} in ('admin', 'manager', 'staff', 'member', 'guest', 'system')`,
    ),
    index("audit_events_at_idx").on(t.at, t.id),
    index("audit_events_subject_idx").on(t.subjectType, t.subjectId, t.at),
    index("audit_events_actor_idx").on(t.actorId, t.at),
    index("audit_events_kind_idx").on(t.kind, t.at),
  ],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
