import { and, avg, count, desc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import type { ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import { auditActor, changedFields, describeChanges, recordChange, type FieldWords } from "~/.server/audit/audit-log";
import { bookings, reviews, type BookingRow, type ReviewRow } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { FollowUpSettings } from "~/features/follow-ups/follow-ups.schema";
import { reviewMessage } from "./review-emails";
import type { ReviewLinks } from "./review-links.server";
import {
  ALREADY_REVIEWED,
  GOOD_RATING,
  INVALID_REVIEW_LINK,
  reviewAuthorName,
  roundedAverage,
  VISIT_NOT_COLLECTED,
  type AdminReview,
  type AdminReviewQuery,
  type PublishedReview,
  type PublishedReviews,
  type RatingSummary,
  type ReviewInput,
  type ReviewModeration,
} from "./reviews.schema";

export interface ReviewServiceOptions {
  links: Pick<ReviewLinks, "bookingId">;
  /** Heard by every process on a change of what the site shows (publish, hide, reply): pages drop their copies. */
  changes: ChangeSignal;
  settings: { read(): Promise<FollowUpSettings> };
  mailer: Mailer;
  /** Where a 1–3 star review is e-mailed at once: Booking Settings' address for new requests ("" for none). */
  businessEmail(): Promise<string>;
}

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** "status pending → published; reply none → "Thank you!"" */
const MODERATION_WORDS: FieldWords<ReviewRow> = {
  status: { label: "status" },
  reply: { label: "reply", show: (reply) => (reply ? `"${reply}"` : "none") },
};

function toPublished(row: ReviewRow): PublishedReview {
  return {
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    authorName: row.authorName,
    serviceLabel: row.serviceLabel,
    visitMonth: row.visitMonth,
    reply: row.reply,
    publishedAt: iso(row.publishedAt),
  };
}

type Customer = Pick<BookingRow, "fullName" | "email" | "phone" | "preferredDate">;
function toAdmin(row: ReviewRow, visit: Customer): AdminReview {
  return {
    ...toPublished(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    repliedAt: iso(row.repliedAt),
    bookingId: row.bookingId,
    customer: { fullName: visit.fullName, email: visit.email, phone: visit.phone },
    visitDate: visit.preferredDate,
  };
}

const customerColumns = {
  fullName: bookings.fullName,
  email: bookings.email,
  phone: bookings.phone,
  preferredDate: bookings.preferredDate,
};
const serviceLabel = (visit: Pick<BookingRow, "packageName" | "serviceType">) => visit.packageName ?? visit.serviceType;
const published = eq(reviews.status, "published");
/** The reviews that reach the manager first: 1–3 stars, waiting. */
const lowAndWaiting = and(eq(reviews.status, "pending"), lte(reviews.rating, GOOD_RATING - 1));

/**
 * Reviews of visits (issue 28): written once per collected visit through its signed link, moderated
 * by admins, and shown on the site only when published. A review of 1–3 stars is never published
 * without an admin and is e-mailed to the business at once; 4–5 stars publish at once only when
 * the admin allows it (autoPublishGoodReviews). Every change of what the site shows goes through
 * `changes`, so each process drops the pages it kept.
 */
export function createReviews(db: Database, options: ReviewServiceOptions) {
  const { links, changes, mailer } = options;

  /**
   * The visit a review link names; a token the server did not sign, a visit that is gone and one whose
   * customer's details were removed (decision 036) are the same 404.
   */
  async function visitByToken(token: string): Promise<BookingRow> {
    const id = links.bookingId(token);
    const [visit] = id
      ? await db
          .select()
          .from(bookings)
          .where(and(eq(bookings.id, id), isNull(bookings.personalDataRemovedAt)))
      : [];
    if (!visit) throw new AppError("not_found", INVALID_REVIEW_LINK);
    return visit;
  }

  let kept: RatingSummary | undefined;
  changes.onChange(() => (kept = undefined));
  /** Average and count of the published reviews, read once and kept until a change is heard. */
  async function summary(): Promise<RatingSummary> {
    if (kept && changes.cacheable) return kept;
    const version = changes.version;
    const [row] = await db
      .select({ average: avg(reviews.rating), count: count() })
      .from(reviews)
      .where(published);
    const fresh = { average: row?.count ? roundedAverage(Number(row.average)) : 0, count: row?.count ?? 0 };
    // A change heard while this read was on its way may not be in it.
    if (changes.cacheable && changes.version === version) kept = fresh;
    return fresh;
  }

  async function adminPage(where: SQL | undefined, order: SQL[], limit: number, offset: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ review: reviews, visit: customerColumns })
        .from(reviews)
        .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(reviews).where(where),
    ]);
    return { items: rows.map(({ review, visit }) => toAdmin(review, visit)), total: total?.total ?? 0 };
  }

  return {
    /** The review page: the visit as its customer knew it, and whether it was reviewed already. */
    async findByToken(token: string) {
      const visit = await visitByToken(token);
      const [review] = await db
        .select({ rating: reviews.rating, status: reviews.status })
        .from(reviews)
        .where(eq(reviews.bookingId, visit.id));
      return {
        visit: {
          firstName: reviewAuthorName(visit.fullName).split(" ")[0]!,
          serviceLabel: serviceLabel(visit),
          visitDate: visit.preferredDate,
        },
        collected: visit.visitStage === "collected",
        review: review ?? null,
        /** Whether a 4–5 star review shows on the site at once (the thank-you says so). */
        publishesGoodAtOnce: (await options.settings.read()).autoPublishGoodReviews,
      };
    },

    /**
     * POST /api/reviews/{token}: one review per visit (reviews_booking_idx), also when two arrive at
     * once: the second waits for the first's commit, then finds the visit reviewed (409).
     */
    async submit(token: string, input: ReviewInput) {
      const visit = await visitByToken(token);
      if (visit.visitStage !== "collected") throw new AppError("conflict", VISIT_NOT_COLLECTED);
      const settings = await options.settings.read();
      const publishNow = settings.autoPublishGoodReviews && input.rating >= GOOD_RATING;
      const now = new Date();
      const row = {
        id: newObjectId(now),
        bookingId: visit.id,
        rating: input.rating,
        comment: input.comment,
        authorName: reviewAuthorName(visit.fullName),
        serviceLabel: serviceLabel(visit),
        visitMonth: `${visit.preferredDate.slice(0, 7)}-01`,
        status: publishNow ? ("published" as const) : ("pending" as const),
        publishedAt: publishNow ? now : null,
        createdAt: now,
        updatedAt: now,
      };
      const business = input.rating < GOOD_RATING ? await options.businessEmail() : "";
      const write = async (tx: Database) => {
        const [inserted] = await tx
          .insert(reviews)
          .values(row)
          .onConflictDoNothing({ target: reviews.bookingId })
          .returning({ id: reviews.id });
        if (!inserted) throw new AppError("conflict", ALREADY_REVIEWED);
        if (business)
          await mailer.send(
            reviewMessage("review-business-notice", business, {
              rating: row.rating,
              comment: row.comment,
              customer: { fullName: visit.fullName, email: visit.email, phone: visit.phone },
              serviceLabel: row.serviceLabel,
              visitDate: visit.preferredDate,
            }),
            { executor: tx, bookingId: visit.id },
          );
      };
      // Published at once, the site shows it: every process drops its pages when it commits.
      await (publishNow ? changes.write(write) : db.transaction((tx) => write(tx as unknown as Database)));
      return { acknowledged: true as const, insertedId: row.id };
    },

    /**
     * PATCH /api/reviews/{id} (admins): publish or hide it, and the shop's public reply. published_at
     * is the first publication's moment, kept through a hide and a publish again.
     */
    async moderate(actor: Actor | null, id: string, change: ReviewModeration) {
      const who = auditActor(requireJob(actor, "reviews"));
      if (!isObjectId(id)) throw notFound("Review");
      return changes.write(async (tx) => {
        const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for("update");
        if (!current) throw notFound("Review");
        const status = change.status ?? current.status;
        const reply = change.reply ?? current.reply;
        const modified = status !== current.status || reply !== current.reply;
        if (modified) {
          const now = new Date();
          await tx
            .update(reviews)
            .set({
              status,
              reply,
              publishedAt: current.publishedAt ?? (status === "published" ? now : null),
              repliedAt: reply === current.reply ? current.repliedAt : reply ? now : null,
              updatedAt: now,
            })
            .where(eq(reviews.id, id));
          const changed = changedFields(current, { status, reply });
          if (changed)
            await recordChange(tx, who, {
              kind: "review.moderate",
              subjectType: "review",
              subjectId: id,
              summary: `Review (${current.rating}★, ${current.serviceLabel}): ${describeChanges(changed, MODERATION_WORDS)}`,
              ...changed,
            });
        }
        return { acknowledged: true, matchedCount: 1, modifiedCount: modified ? 1 : 0 };
      });
    },

    /** Every review for the admin: those waiting first, then newest first; or one state's. */
    async listReviews(actor: Actor | null, query: AdminReviewQuery) {
      requireJob(actor, "reviews");
      return adminPage(
        query.status ? eq(reviews.status, query.status) : undefined,
        [desc(sql`${reviews.status} = 'pending'`), desc(reviews.createdAt), desc(reviews.id)],
        query.limit,
        query.offset,
      );
    },

    /** The dashboard home's card: 1–3 star reviews waiting for the admin, newest first. */
    async listWaiting(actor: Actor | null, limit = 5) {
      requireJob(actor, "reviews");
      return adminPage(lowAndWaiting, [desc(reviews.createdAt), desc(reviews.id)], limit, 0);
    },

    /** GET /api/reviews, home and /reviews: published reviews only, newest first, with their average and count. */
    async listPublished({ limit, offset }: { limit: number; offset: number }): Promise<PublishedReviews> {
      const [rows, rating] = await Promise.all([
        db
          .select()
          .from(reviews)
          .where(published)
          .orderBy(desc(reviews.publishedAt), desc(reviews.id))
          .limit(limit)
          .offset(offset),
        summary(),
      ]);
      return { reviews: rows.map(toPublished), ...rating };
    },

    /** The structured data's AggregateRating: published reviews only (none: no rating at all). */
    summary,
  };
}

export type ReviewService = ReturnType<typeof createReviews>;
