import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail, type EmailContent } from "~/.server/mail/email-layout";
import { longDate } from "~/lib/day-text";
import { planPriceText, type Membership } from "./club.schema";

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

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || "there";
const business = (place: ClubMailPlace): EmailContent["business"] => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});

export function clubTemplates(place: ClubMailPlace): MessageTemplates {
  return {
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
