import { z } from "zod";

/**
 * The shop's own messages a customer may stop (issue 28, decision 031): each kind is stopped for an
 * address with one click (RFC 8058) or from the account. Booking e-mails (received, confirmed,
 * moved, reminders of a booked visit) are transactional and are not among them.
 */
export const CONSENT_KINDS = ["service-reminders", "review-requests", "club-reminders"] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

export const CONSENT_LABELS: Record<ConsentKind, { name: string; description: string }> = {
  "service-reminders": {
    name: "Service reminders",
    description: "An e-mail when your vehicle is due for its next oil change, and one follow-up.",
  },
  "review-requests": {
    name: "Review requests",
    description: "One e-mail after a visit asking how it went.",
  },
  "club-reminders": {
    name: "Wash Club renewal reminders",
    description: "One e-mail a week before your Wash Club membership ends.",
  },
};

export const isConsentKind = (value: string): value is ConsentKind =>
  (CONSENT_KINDS as readonly string[]).includes(value);

/**
 * The outbox templates of each kind's messages: stopping a kind deletes those still queued to the
 * address, and the outbox worker holds back any that slip in while the address is being stopped.
 */
export const CONSENT_TEMPLATES: Record<ConsentKind, readonly string[]> = {
  "service-reminders": ["due-reminder", "due-follow-up"],
  "review-requests": ["review-request"],
  "club-reminders": ["membership-renewal"],
};

/** The kind a stored message's template belongs to, or undefined for a transactional one (booking e-mails). */
export function consentKindOf(template: string | null): ConsentKind | undefined {
  return template === null ? undefined : CONSENT_KINDS.find((kind) => CONSENT_TEMPLATES[kind].includes(template));
}

/**
 * The unsubscribe page's form field (its two buttons: "unsubscribe", "resubscribe"): a POST to a
 * link with it came from the page, and is answered with the page; one without is RFC 8058's.
 */
export const UNSUBSCRIBE_CHOICE_FIELD = "choice";
/** The page's language, sent with its buttons ("es" from /es), so the answer is the page in it. */
export const UNSUBSCRIBE_LOCALE_FIELD = "locale";

/** What an address gets: true where it receives that kind (nothing stopped is the default). */
export const consentChoicesSchema = z.object({
  "service-reminders": z.boolean().describe(CONSENT_LABELS["service-reminders"].description),
  "review-requests": z.boolean().describe(CONSENT_LABELS["review-requests"].description),
  "club-reminders": z.boolean().describe(CONSENT_LABELS["club-reminders"].description),
});
export type ConsentChoices = z.infer<typeof consentChoicesSchema>;

/** A member's change: the kinds named are turned on (true) or off (false); the others stay as they are. */
export const consentChangeSchema = consentChoicesSchema
  .partial()
  .strict()
  .refine((change) => Object.keys(change).length > 0, { message: "Name at least one kind of e-mail." });
export type ConsentChange = z.infer<typeof consentChangeSchema>;
