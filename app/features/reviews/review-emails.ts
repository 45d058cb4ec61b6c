import type { Email, TemplatedEmail } from "~/.server/mail/mailer";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail, type EmailContent, type EmailParagraph } from "~/.server/mail/email-layout";
import { mailDay } from "~/.server/mail/mail-format";
import { greeting, siteLink, wordsFor, type MailWords } from "~/.server/mail/mail-i18n";
import type { Locale } from "~/lib/i18n/locale";
import { telHref } from "~/lib/site-config";
import type { ConsentKind } from "~/features/consent/consent.schema";
import { RATING_LABELS } from "./reviews.schema";

/** What the e-mails say about the business, and where links lead. */
export interface ReviewMailPlace {
  name: string;
  address: string;
  phone: string;
  publicUrl: string;
}

/**
 * The consent feature's words and headers for the shop's own messages (consent-links.server.ts),
 * handed in by the services: a feature reaches another only through its schema.
 */
export interface UnsubscribeWords {
  paragraph(kind: ConsentKind, url: string, words?: MailWords): EmailParagraph;
  headers(url: string): Record<string, string>;
}

/** A review request as stored: the visit as the customer knew it, and the two links it carries. */
export interface ReviewRequestData {
  firstName: string;
  serviceLabel: string;
  /** The visit's day, YYYY-MM-DD. */
  visitDate: string;
  reviewUrl: string;
  unsubscribeUrl: string;
  /** The visit's language (issue 49); missing in requests stored before: English. */
  locale?: Locale;
}

/** The business's notice of a 1–3 star review, as stored. */
export interface LowRatingNoticeData {
  rating: number;
  comment: string;
  customer: { fullName: string; email: string; phone: string };
  serviceLabel: string;
  visitDate: string;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});
/** "2026-11-26" → "Thu, Nov 26". */
const visitDay = (date: string) => dayFormat.format(new Date(`${date}T12:00:00Z`));
/** "★★☆☆☆ 2 of 5 (Fair)": readable in a plain-text part too. */
const starsText = (rating: number) =>
  `${"★".repeat(rating)}${"☆".repeat(5 - rating)} ${rating} of 5 (${RATING_LABELS[rating - 1]})`;

const business = (place: ReviewMailPlace): EmailContent["business"] => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});

/** To the customer, the set number of days after their visit was collected: one tap to the review page. */
export function reviewRequestEmail(
  d: ReviewRequestData,
  to: string,
  place: ReviewMailPlace,
  unsubscribe: UnsubscribeWords,
): Email {
  const w = wordsFor(d.locale);
  const { i18n } = w;
  const values = { day: mailDay(d.visitDate, w.locale), service: d.serviceLabel, name: place.name, phone: place.phone };
  const content: EmailContent = {
    preheader: i18n._("Rate your {service} on {day}: it takes a few seconds.", values),
    greeting: greeting(w, d.firstName),
    lead: [
      i18n._("Thank you for visiting {name}. How was your visit?", values),
      i18n._(
        "Choose from 1 to 5 stars and, if you like, tell us why. It takes a few seconds, and every review is read by the manager.",
      ),
    ],
    facts: [
      { label: i18n._("Visit"), value: values.day },
      { label: i18n._("Service"), value: d.serviceLabel },
    ],
    action: { label: i18n._("Rate your visit"), href: siteLink(w, d.reviewUrl, place.publicUrl) },
    after: [
      i18n._(
        "Something not right? Say so in your review, or call us at {phone}: we would rather hear it from you first.",
        values,
      ),
      unsubscribe.paragraph("review-requests", siteLink(w, d.unsubscribeUrl, place.publicUrl), w),
    ],
    lang: w.locale,
    business: business(place),
  };
  return {
    to,
    subject: i18n._("How was your visit to {name}?", values),
    ...renderEmail(content),
    headers: unsubscribe.headers(d.unsubscribeUrl),
  };
}

/** To the business's address at once, for a review of 1–3 stars: it waits for the admin, never published by itself. */
export function lowRatingNoticeEmail(d: LowRatingNoticeData, to: string, place: ReviewMailPlace): Email {
  const stars = `${d.rating} ${d.rating === 1 ? "star" : "stars"}`;
  const content: EmailContent = {
    preheader: `${d.customer.fullName} rated their ${d.serviceLabel} ${stars}.`,
    greeting: "Hi team,",
    lead: [
      `A customer rated their visit ${stars}. The review is not on the site: read it, reply, or call them first. Then publish or hide it in Reviews.`,
    ],
    facts: [
      { label: "Rating", value: starsText(d.rating) },
      { label: "Comment", value: d.comment || "(no comment)" },
      {
        label: "Customer",
        value: d.customer.fullName,
        note: [d.customer.phone, d.customer.email].filter(Boolean).join(" · "),
        ...(d.customer.phone && { link: { label: `Call ${d.customer.phone}`, href: telHref(d.customer.phone) } }),
      },
      { label: "Visit", value: `${d.serviceLabel}, ${visitDay(d.visitDate)}` },
    ],
    action: { label: "Open Reviews", href: `${place.publicUrl.replace(/\/+$/, "")}/dashboard/reviews` },
    business: business(place),
  };
  return { to, subject: `${stars} from ${d.customer.fullName}: ${d.serviceLabel}`, ...renderEmail(content) };
}

/**
 * The reviews' stored templates (decision 023: the names are a stored API, kept while messages
 * naming them may wait or be shown).
 */
export function reviewTemplates(place: ReviewMailPlace, unsubscribe: UnsubscribeWords) {
  return {
    "review-request": (d: ReviewRequestData, to: string) => reviewRequestEmail(d, to, place, unsubscribe),
    "review-business-notice": (d: LowRatingNoticeData, to: string) => lowRatingNoticeEmail(d, to, place),
  } satisfies MessageTemplates;
}
type ReviewTemplates = ReturnType<typeof reviewTemplates>;

/** A review e-mail to store: its template's name and input, checked against the template. */
export function reviewMessage<K extends keyof ReviewTemplates>(
  template: K,
  to: string,
  data: Parameters<ReviewTemplates[K]>[0],
): TemplatedEmail {
  return { to, template, data };
}
