/**
 * The shop's own messages a customer may stop (issue 28, decision 031): each kind is stopped for an
 * address with one click (RFC 8058) or from the account. Booking e-mails (received, confirmed,
 * moved, reminders of a booked visit) are transactional and are not among them.
 */
export const CONSENT_KINDS = ["service-reminders", "review-requests"] as const;
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
};

export const isConsentKind = (value: string): value is ConsentKind =>
  (CONSENT_KINDS as readonly string[]).includes(value);
