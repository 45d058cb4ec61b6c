import type { AuditChange } from "~/.server/audit/audit-log";
import type { BookingRow } from "~/.server/db/schema";
import { dayAndWindow } from "./visit-text";

type Placed = Pick<BookingRow, "id" | "status" | "preferredDate" | "preferredTimeSlot">;

/**
 * The record of a change of a booking's status, date or slot (applyChange's), in the words its
 * history shows: "Moved from Sat, Nov 28, 9–11 AM to Mon, Nov 30, 1–3 PM", "Status pending →
 * confirmed", with `note` saying why when the change was part of something larger (a closure, a
 * batch). Before and after hold only the fields that changed. Null when nothing did.
 */
export function bookingChangeRecord(before: Placed, after: Placed, note?: string): AuditChange | null {
  const moved = before.preferredDate !== after.preferredDate || before.preferredTimeSlot !== after.preferredTimeSlot;
  const statusChanged = before.status !== after.status;
  if (!moved && !statusChanged) return null;
  const parts: string[] = [];
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  if (moved) {
    parts.push(
      `Moved from ${dayAndWindow(before.preferredDate, before.preferredTimeSlot)} to ${dayAndWindow(after.preferredDate, after.preferredTimeSlot)}`,
    );
    for (const key of ["preferredDate", "preferredTimeSlot"] as const)
      if (before[key] !== after[key]) [was[key], now[key]] = [before[key], after[key]];
  }
  if (statusChanged) {
    parts.push(`${moved ? "status" : "Status"} ${before.status} → ${after.status}`);
    [was.status, now.status] = [before.status, after.status];
  }
  return {
    kind: moved ? "booking.move" : "booking.status",
    subjectType: "booking",
    subjectId: after.id,
    summary: parts.join("; ") + (note ? ` (${note})` : ""),
    before: was,
    after: now,
  };
}
