import { initials, SAMPLE_REVIEWS, type Review } from "./sample-reviews";
import { visitMonthText, type PublishedReview } from "./reviews.schema";

/** A review card's content, whether a customer's published review or one of the specification's samples. */
export interface ReviewView {
  id: string;
  name: string;
  /** Under the name: the service and the month, or a sample's role. */
  detail: string;
  rating: number;
  quote: string;
  /** The avatar's colour; the avatar shows the initials. */
  avatar: string;
  /** The shop's public reply, or empty. */
  reply: string;
}

/** The samples' colours, given to real reviewers by their initials, so a name keeps its colour. */
const AVATARS = [...new Set(SAMPLE_REVIEWS.map((r) => r.avatar))];
const avatarFor = (name: string) => AVATARS[initials(name).charCodeAt(0) % AVATARS.length]!;

const fromSample = (r: Review): ReviewView => ({
  id: r.name,
  name: r.name,
  detail: r.role,
  rating: r.rating,
  quote: r.quote,
  avatar: r.avatar,
  reply: "",
});

const fromPublished = (r: PublishedReview): ReviewView => ({
  id: r._id,
  name: r.authorName,
  detail: `${r.serviceLabel} · ${visitMonthText(r.visitMonth)}`,
  rating: r.rating,
  quote: r.comment,
  avatar: avatarFor(r.authorName),
  reply: r.reply,
});

/**
 * What home and /reviews show: the published reviews when there are any; the specification's sample
 * reviews (demo content) only while there are none, and then `real` is false, so nothing claims a
 * rating from them.
 */
export function shownReviews(published: readonly PublishedReview[], samples = SAMPLE_REVIEWS.length) {
  return published.length > 0
    ? { real: true, items: published.map(fromPublished) }
    : { real: false, items: SAMPLE_REVIEWS.slice(0, samples).map(fromSample) };
}
