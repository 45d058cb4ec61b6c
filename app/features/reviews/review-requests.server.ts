import { and, asc, gt, lte, ne, not, notExists, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/.server/db/client";
import { bookings, reviews } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { alreadyQueued, queueOnce } from "~/.server/mail/queue-once";
import { firstName } from "~/lib/person-name";
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
  /** consent-links.server.ts's optedOut, handed in by the services: a feature reaches another only through its schema. */
  optedOut(email: AnyPgColumn, kind: ConsentKind): SQL<boolean>;
}

/**
 * The follow-up kind "review-requests": one e-mail per collected visit, the set number of days
 * after it was collected, to an address that has not stopped them, for a visit not yet reviewed.
 * One query finds the visits due; each is claimed once (queueOnce) in the transaction that queues
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
          locale: bookings.locale,
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
            not(alreadyQueued(sql`${reviewRequestKey("")} || ${bookings.id}`)),
          ),
        )
        .orderBy(asc(bookings.visitStageAt))
        .limit(BATCH);
      if (due.length === 0) return 0;

      // A visit another process's sweep claimed since the query is skipped: it queued the e-mail.
      return queueOnce(
        db,
        mailer,
        due.map((visit) => ({
          key: reviewRequestKey(visit.id),
          bookingId: visit.id,
          email: reviewMessage("review-request", visit.email, {
            firstName: firstName(visit.fullName),
            serviceLabel: visit.packageName ?? visit.serviceType,
            visitDate: visit.preferredDate,
            reviewUrl: links.url(visit.id),
            unsubscribeUrl: options.unsubscribeUrl(visit.email),
            locale: visit.locale,
          }),
        })),
      );
    },
  };
}
