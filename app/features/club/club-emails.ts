import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MembershipRow } from "~/.server/db/schema";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail, type EmailContent, type EmailParagraph } from "~/.server/mail/email-layout";
import { longDate } from "~/lib/day-text";
import type { Membership } from "./club.schema";
import { planPriceText } from "./plan-price-text";

/** The wash club's e-mails (issue 47): the member's card when they join or renew. */

export interface ClubMailPlace {
  name: string;
  address: string;
  phone: string;
  publicUrl: string;
}

type MembershipMailData = Pick<Membership, "number" | "fullName" | "validUntil" | "washesLeft"> & {
  plan: Pick<Membership["plan"], "name" | "kind" | "price" | "period" | "washes" | "covers">;
  event: "joined" | "renewed";
};

export function membershipEmail(membership: Membership, event: MembershipMailData["event"]): TemplatedEmail {
  const { number, fullName, validUntil, washesLeft, plan } = membership;
  const data: MembershipMailData = {
    number,
    fullName,
    validUntil,
    washesLeft,
    plan: {
      name: plan.name,
      kind: plan.kind,
      price: plan.price,
      period: plan.period,
      washes: plan.washes,
      covers: plan.covers,
    },
    event,
  };
  return { to: membership.email, template: "membership", data };
}

/** A renewal reminder as stored: the membership as it was, and its unsubscribe link. */
interface RenewalData {
  number: string;
  fullName: string;
  planName: string;
  validUntil: string;
  unsubscribeUrl: string;
}

export function renewalReminder(membership: MembershipRow, planName: string, unsubscribeUrl: string): TemplatedEmail {
  const data: RenewalData = {
    number: membership.number,
    fullName: membership.fullName,
    planName,
    validUntil: membership.validUntil,
    unsubscribeUrl,
  };
  return { to: membership.email, template: "membership-renewal", data };
}

/** The consent feature's words and headers for the shop's own messages, handed in by the services. */
export interface UnsubscribeWords {
  paragraph(kind: "club-reminders", url: string): EmailParagraph;
  headers(url: string): Record<string, string>;
}

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || "there";
const business = (place: ClubMailPlace): EmailContent["business"] => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});

export function clubTemplates(place: ClubMailPlace, unsubscribe: UnsubscribeWords): MessageTemplates {
  return {
    "membership-renewal": (d: RenewalData) => ({
      subject: `Your Wash Club membership ends on ${longDate(d.validUntil)}`,
      headers: unsubscribe.headers(d.unsubscribeUrl),
      ...renderEmail({
        preheader: "Renew at the counter on your next visit to keep your washes covered.",
        greeting: `Hi ${firstName(d.fullName)},`,
        lead: [
          `Your ${d.planName} membership (card ${d.number}) covers your washes until ${longDate(d.validUntil)}.`,
          "To keep them covered, renew at the counter on your next visit: it takes a minute, and your new month starts when this one ends.",
        ],
        after: [unsubscribe.paragraph("club-reminders", d.unsubscribeUrl)],
        business: business(place),
      }),
    }),
    membership: (d: MembershipMailData) => {
      const joined = d.event === "joined";
      return {
        subject: joined
          ? `Welcome to the ${place.name} Wash Club: your card ${d.number}`
          : `Your ${place.name} Wash Club is renewed until ${longDate(d.validUntil)}`,
        ...renderEmail({
          preheader: `${d.plan.name}: your card number is ${d.number}.`,
          greeting: `Hi ${firstName(d.fullName)},`,
          lead: [
            joined
              ? `Welcome to the Wash Club! Your ${d.plan.name} membership is ready to use.`
              : `Thank you for renewing your ${d.plan.name} membership.`,
          ],
          facts: [
            { label: "Card", value: d.number },
            { label: "Plan", value: d.plan.name, note: planPriceText(d.plan) },
            { label: "Covers", value: d.plan.covers.join(", ") },
            ...(d.washesLeft !== null ? [{ label: "Washes left", value: String(d.washesLeft) }] : []),
            { label: "Good until", value: longDate(d.validUntil) },
          ],
          qr: { value: d.number, label: `Wash Club card ${d.number}` },
          after: [
            "Show this card at the counter, or book online signed in with this e-mail address: the visits it covers are $0.",
            "Add-ons and services it does not cover are charged as usual.",
          ],
          business: business(place),
        }),
      };
    },
  } as MessageTemplates;
}
