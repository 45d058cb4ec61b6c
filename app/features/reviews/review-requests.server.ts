import { and, asc, gt, lte, ne, not, notExists, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/.server/db/client";
import { bookings, reviews, sentFollowUps } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import type { ConsentKind } from "~/features/consent/consent.schema";
import type { FollowUpSettings } from "~/features/follow-ups/follow-ups.schema";
import { reviewMessage } from "./review-emails";
import type { ReviewLinks } from "./review-links.server";

const DAY_MS = 86_400_000;
/**
 * A request goes from `reviewRequestDaysAfter` days after the visit was collected until this many
 * days later, never after: turning requests on (or a server that was down for weeks) asks nobody
 * about a visit long past.
 */
export const REVIEW_REQUEST_WINDOW_DAYS = 7;
/** Requests queued per sweep at most: the rest go a minute later. */
const BATCH = 200;

/** The key that claims a visit's one request (sent_follow_ups). */
export const reviewRequestKey = (bookingId: string) => `review-request:${bookingId}`;

export interface ReviewRequestOptions {
  mailer: Mailer;
  links: Pick<ReviewLinks, "url">;
  /** The one-click way out of review requests for an address (consent-links.server.ts). */
  unsubscribeUrl(email: string): string;
  /**
   * follow-ups.server.ts's claimOnce and consent-links.server.ts's optedOut, handed in by the
   * services: a feature reaches another only through its schema.
   */
  claimOnce(tx: Pick<Database, "insert">, key: string): Promise<boolean>;
  optedOut(email: AnyPgColumn, kind: ConsentKind): SQL<boolean>;
}

/** "Maria Gonzalez" → "Maria": how the e-mail greets the customer. */
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || fullName;

/**
 * The follow-up kind "review-requests": one e-mail per collected visit, the set number of days
 * after it was collected, to an address that has not stopped them, for a visit not yet reviewed.
 * One query finds the visits due; each is claimed once (claimOnce) in the transaction that queues
 * its e-mail, so sweeps in several processes at once queue each request once.
 */
export function createReviewRequests(db: Database, options: ReviewRequestOptions) {
  const { mailer, links } = options;

  return {
    name: "review-requests",
    async queueDue(at: Date, settings: FollowUpSettings): Promise<number> {
      if (!settings.reviewRequests) return 0;
      const latest = new Date(at.getTime() - settings.reviewRequestDaysAfter * DAY_MS);
      const earliest = new Date(latest.getTime() - REVIEW_REQUEST_WINDOW_DAYS * DAY_MS);
      const due = await db
        .select({
          id: bookings.id,
          fullName: bookings.fullName,
          email: bookings.email,
          serviceType: bookings.serviceType,
          packageName: bookings.packageName,
          preferredDate: bookings.preferredDate,
        })
        .from(bookings)
        .where(
          and(
            // As bookings_collected_idx's predicate reads, so the planner takes the partial index.
            sql`${bookings.visitStage} = 'collected'`,
            lte(bookings.visitStageAt, latest),
            gt(bookings.visitStageAt, earliest),
            ne(bookings.email, ""),
            ne(bookings.status, "cancelled"),
            not(options.optedOut(bookings.email, "review-requests")),
            notExists(
              db
                .select({ one: sql`1` })
                .from(reviews)
                .where(sql`${reviews.bookingId} = ${bookings.id}`),
            ),
            notExists(
              db
                .select({ one: sql`1` })
                .from(sentFollowUps)
                .where(sql`${sentFollowUps.key} = 'review-request:' || ${bookings.id}`),
            ),
          ),
        )
        .orderBy(asc(bookings.visitStageAt))
        .limit(BATCH);
      if (due.length === 0) return 0;

      return db.transaction(async (tx) => {
        let queued = 0;
        for (const visit of due) {
          // Another process's sweep may have claimed it since the query: then it queued the e-mail.
          if (!(await options.claimOnce(tx, reviewRequestKey(visit.id)))) continue;
          const message = reviewMessage("review-request", visit.email, {
            firstName: firstName(visit.fullName),
            serviceLabel: visit.packageName ?? visit.serviceType,
            visitDate: visit.preferredDate,
            reviewUrl: links.url(visit.id),
            unsubscribeUrl: options.unsubscribeUrl(visit.email),
          });
          await mailer.send(message, { executor: tx, bookingId: visit.id });
          queued++;
        }
        return queued;
      });
    },
  };
}
