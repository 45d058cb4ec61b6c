import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail } from "~/.server/mail/email-layout";
import { mailDayWithYear, mailMoment } from "~/.server/mail/mail-format";
import { ENGLISH, greeting, lineText, wordsFor, type MailWords } from "~/.server/mail/mail-i18n";
import type { Locale } from "~/lib/i18n/locale";
import { paymentLabel, type Receipt } from "./receipt";
import { formatMoney, GIFT_CODE_MARKER } from "./till.schema";

/**
 * The till's e-mails (issue 46): a visit's receipt once its balance reaches zero, and a gift card's
 * code. Both are stored as their templates' input and written when sent (decision 023).
 */

export interface GiftCardEmailData {
  code: string;
  amount: number;
  /** The buyer's language (issue 49); missing in e-mails stored before: English. */
  locale?: Locale;
}

/** The shop as the till's e-mails name it, and where their links lead. */
export interface TillMailPlace {
  name: string;
  address: string;
  phone: string;
  publicUrl: string;
  timeZone: string;
}
const business = ({ name, address, phone, publicUrl }: TillMailPlace) => ({ name, address, phone, publicUrl });

/** The greeting's name: none when the receipt has none ("Hi there,"). */
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? "";

export function receiptEmail(to: string, receipt: Receipt): TemplatedEmail {
  return { to, template: "receipt", data: receipt };
}

export function giftCardEmail(to: string, code: string, amount: number, locale: Locale = "en"): TemplatedEmail {
  return {
    to,
    template: "gift-card",
    data: { code: `${GIFT_CODE_MARKER}${code}`, amount, locale } satisfies GiftCardEmailData,
  };
}

/** The receipt's rows: the priced lines, the total, each payment by method, tips and refunds. */
export function receiptRows(r: Receipt, words: MailWords = ENGLISH) {
  const { i18n } = words;
  return {
    lines: r.lines.map((l) => ({ label: lineText(words, l), amount: formatMoney(l.amount) })),
    payments: [
      ...r.payments.map((p) => ({ label: paymentWords(i18n, p), amount: formatMoney(p.amount) })),
      ...(r.tips ? [{ label: i18n._("Tip, thank you!"), amount: formatMoney(r.tips) }] : []),
      ...(r.refunded ? [{ label: i18n._("Refunded"), amount: formatMoney(-r.refunded) }] : []),
    ],
  };
}

/** "Card (1234)", "Gift card ····WXYZ" (paymentLabel's, which the printed receipt shows), in the e-mail's language. */
function paymentWords(i18n: MailWords["i18n"], p: Receipt["payments"][number]): string {
  if (i18n.locale === "en") return paymentLabel(p);
  const method = {
    cash: () => i18n._("Cash"),
    card: () => i18n._("Card"),
    "gift-card": () => i18n._("Gift card"),
    other: () => i18n._("Other"),
  }[p.method]();
  if (!p.reference) return method;
  return p.method === "gift-card" ? `${method} ····${p.reference}` : `${method} (${p.reference})`;
}

export function tillTemplates(place: TillMailPlace): MessageTemplates {
  return {
    receipt: (r: Receipt) => {
      const w = wordsFor(r.locale);
      const { i18n, locale } = w;
      const rows = receiptRows(r, w);
      const values = { name: place.name, reference: r.reference, paid: formatMoney(r.paid), service: r.service };
      return {
        subject: i18n._("Your receipt from {name} ({reference})", values),
        ...renderEmail({
          preheader: i18n._("Paid {paid} for your {service}. Thank you!", values),
          greeting: greeting(w, firstName(r.fullName)),
          lead: [
            i18n._("Thank you for your visit. Here is your receipt for {day}.", {
              day: mailDayWithYear(r.visitDate, locale),
            }),
          ],
          facts: [
            { label: i18n._("Reference"), value: r.reference },
            { label: i18n._("Service"), value: r.service, note: r.vehicle },
            { label: i18n._("Total"), value: formatMoney(r.total), rows: rows.lines },
            { label: i18n._("Paid"), value: formatMoney(r.paid), rows: rows.payments },
            { label: i18n._("Paid on"), value: mailMoment(r.paidAt, place.timeZone, locale) },
          ],
          after: [i18n._("Keep this e-mail as your receipt. We hope to see you again soon.")],
          lang: locale,
          business: business(place),
        }),
      };
    },
    "gift-card": (d: GiftCardEmailData) => {
      const { i18n, locale } = wordsFor(d.locale);
      const code = d.code.startsWith(GIFT_CODE_MARKER) ? d.code.slice(GIFT_CODE_MARKER.length) : d.code;
      const values = { name: place.name, amount: formatMoney(d.amount) };
      return {
        subject: i18n._("Your {name} gift card: {amount}", values),
        ...renderEmail({
          preheader: i18n._("A gift card worth {amount}, to spend on any wash or oil change.", values),
          greeting: i18n._("Hello,"),
          lead: [i18n._("Here is your {name} gift card worth {amount}.", values)],
          facts: [
            { label: i18n._("Code"), value: code },
            { label: i18n._("Value"), value: formatMoney(d.amount) },
          ],
          after: [
            i18n._(
              "Show this code at the counter when you pay: it is spent like cash, and what you do not spend stays on the card.",
            ),
            i18n._("Keep it safe: anyone with the code can spend the card."),
          ],
          lang: locale,
          business: business(place),
        }),
      };
    },
  } as MessageTemplates;
}
