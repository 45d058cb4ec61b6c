import type { BookingRow } from "~/.server/db/schema";
import { bookingReference, REMOVED_CUSTOMER } from "~/features/bookings/bookings.schema";
import { dateWithYear, momentText } from "~/lib/day-text";
import type { Locale } from "~/lib/i18n/locale";
import type { LineKind } from "~/lib/price-lines";
import { METHOD_LABELS, type Payment, type PaymentMethod } from "./till.schema";

/**
 * A visit's receipt (issue 46): what the e-mail says and the desk prints on an 80 mm roll, from
 * one place. Amounts are dollars, as the API's; `paidAt` the moment the balance reached zero.
 */
export interface Receipt {
  reference: string;
  fullName: string;
  visitDate: string;
  service: string;
  vehicle: string;
  lines: { kind?: LineKind; label: string; amount: number }[];
  total: number;
  payments: { method: PaymentMethod; amount: number; tip: number; reference: string; at: string }[];
  refunded: number;
  tips: number;
  /** Total taken: the payments' amounts and tips, less what was given back. */
  paid: number;
  balance: number;
  paidAt: string;
  /** The visit's language, for its e-mail (issue 49); missing in receipts stored before: English. */
  locale?: Locale;
}

/** The receipt of a visit (its stored row) and its payments, as the e-mail stores it and the printed page shows it. */
export function receiptOf(
  row: BookingRow,
  payments: Pick<Payment, "method" | "amount" | "tip" | "reference" | "createdAt" | "refunded">[],
  paidAt: Date,
): Receipt {
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;
  const tips = sum(payments.map((p) => p.tip));
  const refunded = sum(payments.map((p) => p.refunded));
  const vehicle = [row.vehicleMake, row.vehicleModel].filter(Boolean).join(" ") || row.vehicleType;
  return {
    reference: bookingReference(row.id),
    locale: row.locale,
    fullName: row.personalDataRemovedAt ? REMOVED_CUSTOMER : row.fullName,
    visitDate: row.preferredDate,
    service: row.packageName ?? row.serviceType,
    vehicle: row.vehiclePlate ? `${vehicle} (${row.vehiclePlate})` : vehicle,
    lines: row.lines.map((line) => ({ kind: line.kind, label: line.label, amount: line.amountCents / 100 })),
    total: (row.totalCents ?? 0) / 100,
    payments: payments.map((p) => ({
      method: p.method,
      amount: p.amount,
      tip: p.tip,
      reference: p.reference,
      at: p.createdAt,
    })),
    refunded,
    tips,
    paid: sum([...payments.map((p) => p.amount + p.tip), -refunded]),
    balance: Math.max(0, (row.totalCents ?? 0) - row.paidCents) / 100,
    paidAt: paidAt.toISOString(),
  };
}

/** "Card (4242)", "Gift card ····B2HF", "Cash": a payment's line on the receipt. */
export function paymentLabel(payment: Pick<Receipt["payments"][number], "method" | "reference">): string {
  const label = METHOD_LABELS[payment.method];
  if (!payment.reference) return label;
  return payment.method === "gift-card" ? `${label} ····${payment.reference}` : `${label} (${payment.reference})`;
}

/** The date and time a receipt was settled, on the shop's clock. */
export const receiptMoment = (receipt: Pick<Receipt, "paidAt">, timeZone: string) =>
  momentText(receipt.paidAt, timeZone);

export const receiptVisitDate = (receipt: Pick<Receipt, "visitDate">) => dateWithYear(receipt.visitDate);
