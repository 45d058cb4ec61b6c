import { auditEvents } from "~/.server/db/schema";
import type { Database } from "~/.server/db/client";
import type { Actor } from "~/lib/access";
import { newObjectId } from "~/lib/object-id";

/** A transaction of the change being recorded (or the database, for a change of one statement). */
export type AuditWriter = Pick<Database, "insert">;

/** Who made a change, as the record keeps it (copied: the record outlives the account). */
export interface AuditActor {
  id: string | null;
  name: string;
  role: "admin" | "member" | "guest" | "system";
}

export const SYSTEM: AuditActor = { id: null, name: "The server", role: "system" };
export const GUEST: AuditActor = { id: null, name: "The customer (manage link)", role: "guest" };

/** The signed-in person as the record names them; a guest (manage link) when nobody is signed in. */
export function auditActor(actor: Actor | null): AuditActor {
  return actor ? { id: actor.id, name: actor.name || actor.email, role: actor.role } : GUEST;
}

export interface AuditChange {
  /** "subject.verb": booking.status, booking.move, plan.delete, user.role, settings.update … */
  kind: string;
  subjectType: string;
  subjectId?: string | null;
  /** One line a person reads in the booking's history and on Dashboard → Activity. */
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * THE ONE PLACE a change is recorded: call it with the transaction that makes the change, so the
 * record commits with it and a refused (rolled back) change leaves none.
 */
export async function recordChange(tx: AuditWriter, actor: AuditActor, change: AuditChange): Promise<void> {
  await recordChanges(tx, actor, [change]);
}

/** Several changes of one action (a bulk confirmation, a closure's bookings), in one statement. */
export async function recordChanges(tx: AuditWriter, actor: AuditActor, changes: readonly AuditChange[]) {
  if (changes.length === 0) return;
  await tx.insert(auditEvents).values(
    changes.map((c) => ({
      id: newObjectId(),
      actorId: actor.id,
      actorName: actor.name,
      actorRole: actor.role,
      kind: c.kind,
      subjectType: c.subjectType,
      subjectId: c.subjectId ?? null,
      summary: c.summary,
      before: c.before ?? null,
      after: c.after ?? null,
    })),
  );
}
