import { eq, sql } from "drizzle-orm";
import type { ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import { appSettings } from "~/.server/db/schema";
import { log } from "~/.server/log";
import { auditActor, changedFields, describeChanges, recordChange, type FieldWords } from "~/.server/audit/audit-log";
import { createPollingLoop } from "~/.server/polling-loop";
import { requireJob, type Actor } from "~/lib/access";
import {
  FOLLOW_UPS_SETTINGS_KEY as SETTINGS_KEY,
  readFollowUpSettings,
  type FollowUpSettings,
  type FollowUpSettingsChange,
} from "./follow-ups.schema";

const onOff = (on: boolean) => (on ? "on" : "off");
const days = (n: number) => (n === 1 ? "1 day" : `${n} days`);
/** How a save's record says what changed. */
const SETTINGS_WORDS: FieldWords<FollowUpSettings> = {
  oilTypes: { label: "oil types" },
  dueReminders: { label: "due reminders", show: onOff },
  dueReminderDaysBefore: { label: "due reminder", show: (n) => `${days(n)} before` },
  followUpDaysAfter: { label: "follow-up", show: (n) => `${days(n)} after` },
  reviewRequests: { label: "review requests", show: onOff },
  reviewRequestDaysAfter: { label: "review request after", show: days },
  autoPublishGoodReviews: { label: "4–5 star reviews published at once", show: (on) => (on ? "yes" : "no") },
};
type Reader = Pick<Database, "select">;

/**
 * The follow-ups' settings (oil types with their prices, reminder and review-request days,
 * auto-publishing), saved in app_settings. A save goes through the catalogue's signal: the oils'
 * prices are on the price list, whose cached pages every process drops.
 */
export function createFollowUpSettings(db: Database, catalogue: Pick<ChangeSignal, "write">) {
  async function read(executor: Reader = db): Promise<FollowUpSettings> {
    const [row] = await executor
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, SETTINGS_KEY));
    return readFollowUpSettings(row?.value);
  }
  return {
    /** As the server's own work reads them (the sweeps, a service record's oil). */
    read,
    async getSettings(actor: Actor | null): Promise<FollowUpSettings> {
      requireJob(actor, "serviceDue");
      return read();
    },
    /** An admin's change, merged into what is saved, in one statement that locks the row. */
    async updateSettings(actor: Actor | null, change: FollowUpSettingsChange): Promise<FollowUpSettings> {
      const who = auditActor(requireJob(actor, "serviceDue"));
      return catalogue.write(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${SETTINGS_KEY}))`);
        const before = await read(tx);
        const value = { ...before, ...change };
        await tx
          .insert(appSettings)
          .values({ key: SETTINGS_KEY, value })
          .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
        const changed = changedFields(before, change);
        if (changed)
          await recordChange(tx, who, {
            kind: "settings.update",
            subjectType: "settings",
            subjectId: "follow-ups",
            summary: `Follow-up settings: ${describeChanges(changed, SETTINGS_WORDS)}`,
            ...changed,
          });
        return value;
      });
    },
  };
}

export type FollowUpSettingsService = ReturnType<typeof createFollowUpSettings>;

/** One kind of follow-up: queues whatever of it is due at `at`, answering how many messages it queued. */
export interface FollowUpKind {
  name: string;
  queueDue(at: Date, settings: FollowUpSettings): Promise<number>;
}

const SWEEP_MS = 60_000;

/**
 * Queues the shop's own messages when they fall due (due reminders, their follow-ups, review
 * requests): once a minute, each kind asks the database what is due and claims each message once
 * (queueOnce, ~/.server/mail/queue-once.ts), so any number of processes may sweep together. The outbox worker sends them.
 */
export function createFollowUps(options: {
  settings: FollowUpSettingsService;
  kinds: FollowUpKind[];
  now?: () => Date;
  intervalMs?: number;
}) {
  const { settings, kinds, now = () => new Date(), intervalMs = SWEEP_MS } = options;

  /** Queues everything due at `at` (now by default); answers how many messages of each kind. */
  async function runDue(at: Date = now()): Promise<Record<string, number>> {
    const current = await settings.read();
    const queued: Record<string, number> = {};
    for (const kind of kinds) queued[kind.name] = await kind.queueDue(at, current);
    return queued;
  }

  const loop = createPollingLoop(runDue, intervalMs, (error) =>
    log.error("Follow-ups failed", { error: error instanceof Error ? error.message : String(error) }),
  );
  return { runDue, start: loop.start, stop: loop.stop };
}

export type FollowUps = ReturnType<typeof createFollowUps>;
