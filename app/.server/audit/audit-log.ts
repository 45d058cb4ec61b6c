import { auditEvents } from "~/.server/db/schema";
import type { Database } from "~/.server/db/client";
import type { Actor, Role } from "~/lib/access";
import { randomBytes } from "~/lib/random-bytes";

/** A transaction of the change being recorded (or the database, for a change of one statement). */
export type AuditWriter = Pick<Database, "insert">;

/** Who made a change, as the record keeps it (copied: the record outlives the account). */
export interface AuditActor {
  id: string | null;
  name: string;
  role: Role | "guest" | "system";
}

export const SYSTEM: AuditActor = { id: null, name: "The server", role: "system" };
export const GUEST: AuditActor = { id: null, name: "The customer (manage link)", role: "guest" };

/** The signed-in person as the record names them; a guest (manage link) when nobody is signed in. */
export function auditActor(actor: Actor | null): AuditActor {
  return actor ? { id: actor.id, name: actor.name || actor.email, role: actor.role } : GUEST;
}

export interface AuditChange {
  /** "subject.verb": booking.status, booking.move, plan.delete, user.role, settings.update … (audit.schema.ts lists them) */
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
  await tx.insert(auditEvents).values(auditRows(actor, changes));
}

/**
 * The records as rows, for a change written in ONE statement with everything it inserts
 * (insertWhen: a counter booking, a waitlist offer made by hand), which writes them only when the
 * statement's decision accepts the change. `at` is left to the database's now(), as recordChanges'.
 */
export function auditRows(actor: AuditActor, changes: readonly AuditChange[]) {
  return changes.map((c) => ({
    id: nextRecordId(),
    actorId: actor.id,
    actorName: actor.name,
    actorRole: actor.role,
    kind: c.kind,
    subjectType: c.subjectType,
    subjectId: c.subjectId ?? null,
    summary: c.summary,
    before: c.before ?? null,
    after: c.after ?? null,
  }));
}

/** Just the changed fields, each side (a record's before and after). */
export interface FieldChanges<T> {
  before: Partial<T> & Record<string, unknown>;
  after: Partial<T> & Record<string, unknown>;
}

/**
 * What a change really changes: of the fields `after` sets, those whose value differs from
 * `before`'s, each side with just those (a record's before and after). Null when nothing differs,
 * which records nothing: a save that changes nothing is no change. Values are compared as JSON
 * with their keys sorted, so a jsonb value read back in the database's key order is the same value.
 */
export function changedFields<T extends object>(before: T, after: Partial<T>): FieldChanges<T> | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  const [old, next] = [before as Record<string, unknown>, after as Record<string, unknown>];
  for (const key of Object.keys(next)) {
    if (next[key] === undefined || sameValue(old[key], next[key])) continue;
    was[key] = old[key] ?? null;
    now[key] = next[key];
  }
  return Object.keys(now).length ? ({ before: was, after: now } as FieldChanges<T>) : null;
}

/** How one field is said in a summary: its name, and its value (as stored, unless `show` says otherwise). */
export type FieldWords<T> = { [K in keyof T]?: { label: string; show?: (value: T[K]) => string } };

/** "price $24.99 → $29.99; length 60 min → 90 min": the fields a change changed, in `words`' order. */
export function describeChanges<T>(changes: FieldChanges<T>, words: FieldWords<T>): string {
  const parts: string[] = [];
  for (const key of Object.keys(words) as (keyof T)[]) {
    if (!(key in changes.after)) continue;
    const word = words[key]!;
    const [was, now] = [changes.before[key], changes.after[key]];
    // A list or a table (opening hours, prices per class) is named, not spelled out: before and after hold it.
    if (!word.show && [was, now].some((value) => typeof value === "object" && value !== null)) {
      parts.push(`${word.label} changed`);
      continue;
    }
    const show = (value: unknown) =>
      word.show ? word.show(value as T[keyof T]) : value === null || value === "" ? "none" : String(value);
    parts.push(`${word.label} ${show(was)} → ${show(now)}`);
  }
  // A field changed that has no words of its own is still said to have changed.
  const unnamed = Object.keys(changes.after).filter((key) => !(key in words));
  if (unnamed.length) parts.push(`${unnamed.join(", ")} changed`);
  return parts.join("; ");
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Date)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : 1)))
      : v,
  );
}

/**
 * A record's id: its second first, as every id here (~/lib/object-id.ts), then a counter of this
 * process's from a random start. The records of one transaction share its `at` (now()), so lists
 * order by (at, id), and these ids keep them in the order they were written: a closure before the
 * bookings it cancelled. A second process's counter starts elsewhere in 2^63: no two meet.
 */
function nextRecordId(): string {
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, "0");
  counter = (counter + 1n) & COUNTER_MASK;
  return seconds + counter.toString(16).padStart(16, "0");
}
const COUNTER_MASK = (1n << 64n) - 1n;
let counter = [...randomBytes(8)].reduce((n, byte) => (n << 8n) | BigInt(byte), 0n) >> 1n;
