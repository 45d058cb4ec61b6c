import type { TemplatedEmail } from "~/.server/mail/mailer";
import type { MessageTemplates } from "~/.server/mail/message-templates";
import { renderEmail } from "~/.server/mail/email-layout";
import { paymentLabel, receiptMoment, receiptVisitDate, type Receipt } from "./receipt";
import { formatMoney, GIFT_CODE_MARKER } from "./till.schema";

/**
 * The till's e-mails (issue 46): a visit's receipt once its balance reaches zero, and a gift card's
 * code. Both are stored as their templates' input and written when sent (decision 023).
 */

export interface GiftCardEmailData {
  code: string;
  amount: number;
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

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || "there";

export function receiptEmail(to: string, receipt: Receipt): TemplatedEmail {
  return { to, template: "receipt", data: receipt };
}

export function giftCardEmail(to: string, code: string, amount: number): TemplatedEmail {
  return {
    to,
    template: "gift-card",
    data: { code: `${GIFT_CODE_MARKER}${code}`, amount } satisfies GiftCardEmailData,
  };
}

/** The receipt's rows: the priced lines, the total, each payment by method, tips and refunds. */
export function receiptRows(r: Receipt) {
  return {
    lines: r.lines.map((l) => ({ label: l.label, amount: formatMoney(l.amount) })),
    payments: [
      ...r.payments.map((p) => ({ label: paymentLabel(p), amount: formatMoney(p.amount) })),
      ...(r.tips ? [{ label: "Tip, thank you!", amount: formatMoney(r.tips) }] : []),
      ...(r.refunded ? [{ label: "Refunded", amount: formatMoney(-r.refunded) }] : []),
    ],
  };
}

export function tillTemplates(place: TillMailPlace): MessageTemplates {
  return {
    receipt: (r: Receipt) => {
      const rows = receiptRows(r);
      return {
        subject: `Your receipt from ${place.name} (${r.reference})`,
        ...renderEmail({
          preheader: `Paid ${formatMoney(r.paid)} for your ${r.service}. Thank you!`,
          greeting: `Hi ${firstName(r.fullName)},`,
          lead: [`Thank you for your visit. Here is your receipt for ${receiptVisitDate(r)}.`],
          facts: [
            { label: "Reference", value: r.reference },
            { label: "Service", value: r.service, note: r.vehicle },
            { label: "Total", value: formatMoney(r.total), rows: rows.lines },
            { label: "Paid", value: formatMoney(r.paid), rows: rows.payments },
            { label: "Paid on", value: receiptMoment(r, place.timeZone) },
          ],
          after: ["Keep this e-mail as your receipt. We hope to see you again soon."],
          business: business(place),
        }),
      };
    },
    "gift-card": (d: GiftCardEmailData) => {
      const code = d.code.startsWith(GIFT_CODE_MARKER) ? d.code.slice(GIFT_CODE_MARKER.length) : d.code;
      return {
        subject: `Your ${place.name} gift card: ${formatMoney(d.amount)}`,
        ...renderEmail({
          preheader: `A gift card worth ${formatMoney(d.amount)}, to spend on any wash or oil change.`,
          greeting: "Hello,",
          lead: [`Here is your ${place.name} gift card worth ${formatMoney(d.amount)}.`],
          facts: [
            { label: "Code", value: code },
            { label: "Value", value: formatMoney(d.amount) },
          ],
          after: [
            "Show this code at the counter when you pay: it is spent like cash, and what you do not spend stays on the card.",
            "Keep it safe: anyone with the code can spend the card.",
          ],
          business: business(place),
        }),
      };
    },
  } as MessageTemplates;
}
