import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MembershipRow } from "~/.server/db/schema";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail, type EmailContent, type EmailParagraph } from "~/.server/mail/email-layout";
import { mailLongDay } from "~/.server/mail/mail-format";
import { greeting, siteLink, wordsFor, type MailWords } from "~/.server/mail/mail-i18n";
import type { Locale } from "~/lib/i18n/locale";
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
  /** The member's language (issue 49); missing in e-mails stored before: English. */
  locale?: Locale;
};

export function membershipEmail(
  membership: Membership,
  event: MembershipMailData["event"],
  locale: Locale = "en",
): TemplatedEmail {
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
    locale,
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
  locale?: Locale;
}

export function renewalReminder(membership: MembershipRow, planName: string, unsubscribeUrl: string): TemplatedEmail {
  const data: RenewalData = {
    number: membership.number,
    fullName: membership.fullName,
    planName,
    validUntil: membership.validUntil,
    unsubscribeUrl,
    locale: membership.locale,
  };
  return { to: membership.email, template: "membership-renewal", data };
}

/** The consent feature's words and headers for the shop's own messages, handed in by the services. */
export interface UnsubscribeWords {
  paragraph(kind: "club-reminders", url: string, words?: MailWords): EmailParagraph;
  headers(url: string): Record<string, string>;
}

/** The greeting's name: none when the member has none ("Hi there,"). */
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? "";
const business = (place: ClubMailPlace): EmailContent["business"] => ({
  name: place.name,
  address: place.address,
  phone: place.phone,
  publicUrl: place.publicUrl,
});

/** "$29.99 a month", "$99 for 5 washes" (planPriceText's words in English). */
function planPriceWords({ i18n, locale }: MailWords, plan: MembershipMailData["plan"]): string {
  if (locale === "en") return planPriceText(plan);
  const price = `$${Number.isInteger(plan.price) ? plan.price : plan.price.toFixed(2)}`;
  if (plan.kind !== "unlimited") return i18n._("{price} for {washes} washes", { price, washes: plan.washes });
  return plan.period === "year" ? i18n._("{price} a year", { price }) : i18n._("{price} a month", { price });
}

export function clubTemplates(place: ClubMailPlace, unsubscribe: UnsubscribeWords): MessageTemplates {
  return {
    "membership-renewal": (d: RenewalData) => {
      const w = wordsFor(d.locale);
      const { i18n } = w;
      const values = { day: mailLongDay(d.validUntil, w.locale), plan: d.planName, number: d.number };
      return {
        subject: i18n._("Your Wash Club membership ends on {day}", values),
        headers: unsubscribe.headers(d.unsubscribeUrl),
        ...renderEmail({
          preheader: i18n._("Renew at the counter on your next visit to keep your washes covered."),
          greeting: greeting(w, firstName(d.fullName)),
          lead: [
            i18n._("Your {plan} membership (card {number}) covers your washes until {day}.", values),
            i18n._(
              "To keep them covered, renew at the counter on your next visit: it takes a minute, and your new month starts when this one ends.",
            ),
          ],
          after: [unsubscribe.paragraph("club-reminders", siteLink(w, d.unsubscribeUrl, place.publicUrl), w)],
          lang: w.locale,
          business: business(place),
        }),
      };
    },
    membership: (d: MembershipMailData) => {
      const w = wordsFor(d.locale);
      const { i18n } = w;
      const joined = d.event === "joined";
      const until = mailLongDay(d.validUntil, w.locale);
      const values = { name: place.name, number: d.number, until, plan: d.plan.name };
      return {
        subject: joined
          ? i18n._("Welcome to the {name} Wash Club: your card {number}", values)
          : i18n._("Your {name} Wash Club is renewed until {until}", values),
        ...renderEmail({
          preheader: i18n._("{plan}: your card number is {number}.", values),
          greeting: greeting(w, firstName(d.fullName)),
          lead: [
            joined
              ? i18n._("Welcome to the Wash Club! Your {plan} membership is ready to use.", values)
              : i18n._("Thank you for renewing your {plan} membership.", values),
          ],
          facts: [
            { label: i18n._("Card"), value: d.number },
            { label: i18n._("Plan"), value: d.plan.name, note: planPriceWords(w, d.plan) },
            { label: i18n._("Covers"), value: d.plan.covers.join(", ") },
            ...(d.washesLeft !== null ? [{ label: i18n._("Washes left"), value: String(d.washesLeft) }] : []),
            { label: i18n._("Good until"), value: until },
          ],
          qr: { value: d.number, label: i18n._("Wash Club card {number}", values) },
          after: [
            i18n._(
              "Show this card at the counter, or book online signed in with this e-mail address: the visits it covers are $0.",
            ),
            i18n._("Add-ons and services it does not cover are charged as usual."),
          ],
          lang: w.locale,
          business: business(place),
        }),
      };
    },
  } as MessageTemplates;
}
