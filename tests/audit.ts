import { notInArray } from "drizzle-orm";
import { expect } from "vitest";
import { auditEvents, type AuditEventRow } from "~/.server/db/schema";
import { callAs, jsonPost, type TestAccount } from "./accounts";
import { buildBooking, insertBookings } from "./factories";
import type { TestApp } from "./test-app";

/** The audit log's API tests' helpers (issue 31 part 4: audit-log and audit-activity.api.test.ts). */

/** Three of the default arrival windows. */
export const [A, B, C] = ["09:00–11:00", "11:00–13:00", "13:00–15:00"] as const;

export function auditHelpers(t: TestApp) {
  const call = (who: TestAccount | null, path: string, method = "GET", body?: unknown) =>
    callAs(t, who, path, body === undefined ? { method } : jsonPost(body, { method }));

  /** What `act` recorded: the records written while it ran (tests in a file run one at a time). */
  async function recorded(act: () => Promise<unknown>): Promise<AuditEventRow[]> {
    const known = (await t.database.db.select({ id: auditEvents.id }).from(auditEvents)).map((r) => r.id);
    await act();
    return t.database.db
      .select()
      .from(auditEvents)
      .where(known.length ? notInArray(auditEvents.id, known) : undefined)
      .orderBy(auditEvents.at, auditEvents.id);
  }

  /** Runs a call expecting `status`, answering what it recorded. */
  async function recordedBy(status: number, who: TestAccount | null, path: string, method = "GET", body?: unknown) {
    return recorded(async () => {
      const answer = await call(who, path, method, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    });
  }

  let customers = 0;
  /** A stored booking of a customer of its own (the per-customer limits never meet). */
  const booked = (date: string, slot: string, overrides: Parameters<typeof buildBooking>[0] = {}) =>
    buildBooking({
      email: `customer.${++customers}@example.com`,
      preferredDate: date,
      preferredTimeSlot: slot,
      durationMinutes: 30,
      ...overrides,
    });
  const pending = async (date: string, slot: string = A, overrides: Parameters<typeof buildBooking>[0] = {}) =>
    (await insertBookings(t.database.db, [booked(date, slot, overrides)]))[0]!;
  /** The slot `slot` of `date` full (three bays by default). */
  const fill = (date: string, slot: string) =>
    insertBookings(
      t.database.db,
      [1, 2, 3].map(() => booked(date, slot)),
    );

  return { call, recorded, recordedBy, booked, pending, fill };
}
