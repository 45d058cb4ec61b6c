import { and, eq, gte, isNull, lte, not, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/.server/db/client";
import { membershipPlans, memberships } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { queueOnce } from "~/.server/mail/queue-once";
import { addDays, businessToday } from "~/lib/business-date";
import { renewalReminder } from "./club-emails";

/**
 * The Wash Club's renewal reminders (issue 47): seven days before an unlimited membership's last
 * day, one e-mail ("renew at the counter"), unless the member stopped these e-mails. Swept once a
 * minute with the other follow-ups; each is claimed once per membership and last day
 * (`club-renewal:<id>:<validUntil>`), so a renewal, which moves the last day, is reminded again a
 * period later, and a membership renewed before its reminder's day is not reminded of it at all.
 */

export const RENEWAL_DAYS_BEFORE = 7;
const BATCH = 200;

export function createRenewalReminders(
  db: Database,
  options: {
    mailer: Mailer;
    timeZone: string;
    /** Whether an address has stopped these e-mails (consent's optedOut, for "club-reminders"). */
    optedOut: (email: AnyPgColumn) => SQL<boolean>;
    unsubscribeUrl: (email: string) => string;
  },
) {
  return {
    name: "club-renewals",
    async queueDue(at: Date): Promise<number> {
      const today = businessToday(options.timeZone, at);
      const due = await db
        .select({ membership: memberships, planName: membershipPlans.name })
        .from(memberships)
        .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
        .where(
          and(
            eq(membershipPlans.kind, "unlimited"),
            isNull(memberships.cancelledAt),
            gte(memberships.validUntil, today),
            lte(memberships.validUntil, addDays(today, RENEWAL_DAYS_BEFORE)),
            not(options.optedOut(memberships.email)),
          ),
        )
        .orderBy(memberships.validUntil, memberships.id)
        .limit(BATCH);
      return queueOnce(
        db,
        options.mailer,
        due.map(({ membership, planName }) => ({
          key: `club-renewal:${membership.id}:${membership.validUntil}`,
          email: renewalReminder(membership, planName, options.unsubscribeUrl(membership.email)),
          bookingId: null,
        })),
      );
    },
  };
}
