import { z } from "zod";
import { pageQuerySchema } from "~/lib/pagination";
import { textField } from "~/lib/text-field";

/**
 * Reviews that are real (issue 28): a customer rates a collected visit once, through the signed
 * link of the review request (/review/<token>); the admin publishes, hides and replies; only
 * published reviews reach the site and its structured data. These are the wire shapes the API,
 * the pages and the server share.
 */

export const REVIEW_STATUSES = ["pending", "published", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const COMMENT_MAX = 1000;
export const REPLY_MAX = 1000;

/** What each star means, in the radio group's labels and the admin's list. */
export const RATING_LABELS = ["Poor", "Fair", "Good", "Very good", "Excellent"] as const;
/** 4 and 5 stars may publish at once (a setting); 1 to 3 always wait for the admin. */
export const GOOD_RATING = 4;

export const ALREADY_REVIEWED = "You have already reviewed this visit. Thank you!";
export const INVALID_REVIEW_LINK = "This review link is not valid.";
export const VISIT_NOT_COLLECTED =
  "This visit is not finished yet: you can review it once you have collected your car.";

const RATING_MESSAGE = "Choose a rating from 1 to 5 stars";

/** POST /api/reviews/{token}: the stars (a whole number 1–5) and an optional comment, plain text. */
export const reviewInputSchema = z
  .object({
    rating: z.number({ message: RATING_MESSAGE }).int(RATING_MESSAGE).min(1, RATING_MESSAGE).max(5, RATING_MESSAGE),
    comment: textField({ multiLine: true, message: "Write your comment as text" })
      .trim()
      .max(COMMENT_MAX, `Keep your comment under ${COMMENT_MAX.toLocaleString("en-US")} characters`)
      .default(""),
  })
  .strict();
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The shop's public reply under a review: plain text, trimmed; empty removes it. */
export const replyField = textField({ multiLine: true, message: "Write the reply as text" })
  .trim()
  .max(REPLY_MAX, `Keep the reply under ${REPLY_MAX.toLocaleString("en-US")} characters`);

/** PATCH /api/reviews/{id}: publish or hide, and the shop's public reply. */
export const reviewModerationSchema = z
  .object({
    status: z.enum(["published", "hidden"], { message: "status is published or hidden" }).optional(),
    reply: replyField.optional(),
  })
  .strict()
  .refine((change) => change.status !== undefined || change.reply !== undefined, "Send a status, a reply or both");
export type ReviewModeration = z.output<typeof reviewModerationSchema>;

/** A review as the site shows it: the customer's first name and last initial, the service and the month. */
export const publishedReviewSchema = z.object({
  _id: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  authorName: z.string().describe('first name and last initial: "Maria G."'),
  serviceLabel: z.string().describe("the package or service of the visit"),
  visitMonth: z.string().describe("the visit's month, as its first day (YYYY-MM-01)"),
  reply: z.string().describe("the shop's public reply, or empty"),
  publishedAt: z.string().nullable(),
});
export type PublishedReview = z.infer<typeof publishedReviewSchema>;

/** Average (one decimal; 0 for none) and count of the published reviews. */
export const ratingSummarySchema = z.object({ average: z.number(), count: z.number().int() });
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const publishedReviewsSchema = ratingSummarySchema.extend({ reviews: z.array(publishedReviewSchema) });
export type PublishedReviews = z.infer<typeof publishedReviewsSchema>;

/** A review as the admin moderates it: who wrote it and which visit, beside what the site would show. */
export const adminReviewSchema = publishedReviewSchema.extend({
  status: z.enum(REVIEW_STATUSES),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
  bookingId: z.string(),
  customer: z.object({ fullName: z.string(), email: z.string(), phone: z.string() }),
  visitDate: z.string().describe("the visit's day (YYYY-MM-DD)"),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewQuerySchema = pageQuerySchema.extend({
  status: z
    .enum(REVIEW_STATUSES, { message: `status is one of ${REVIEW_STATUSES.join(", ")}` })
    .optional()
    .describe("only reviews in this state; without it every review, those waiting first"),
});
export type AdminReviewQuery = z.infer<typeof adminReviewQuerySchema>;

/** "Maria Gonzalez" → "Maria G.", "cher" → "Cher": what the site shows of a reviewer, fixed when the review is written. */
export function reviewAuthorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const first = capital(words[0] ?? "");
  const last = words.length > 1 ? words[words.length - 1]! : "";
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first || "A customer";
}

const monthFormat = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
/** "2026-11-01" → "November 2026". */
export const visitMonthText = (visitMonth: string) => monthFormat.format(new Date(`${visitMonth}T12:00:00Z`));

/** The average to one decimal, as the site and its structured data say it. */
export const roundedAverage = (average: number) => Math.round(average * 10) / 10;
