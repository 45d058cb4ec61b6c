import { asc, eq } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookings, type BookingRow } from "~/.server/db/schema/bookings";
import { vehicles } from "~/.server/db/schema/customers";
import { reviews, serviceRecords } from "~/.server/db/schema/follow-ups";
import { emailOptOuts, outbox } from "~/.server/db/schema/messages";
import { sessions, users, type UserRow } from "~/.server/db/schema/people";
import { payments, refunds, type PaymentRow, type RefundRow } from "~/.server/db/schema/till";
import { waitlistEntries } from "~/.server/db/schema/waitlist";
import type { MessageWriter } from "~/.server/mail/message-templates";
import { CONSENT_KINDS } from "~/features/consent/consent.schema";
import type { CustomerData } from "./customer-data.schema";
import { messagesTo, ofBookings, type Person } from "./customer-person.server";

/** The customer's download (GET /api/me/export, GET /api/customers/export): everything held about one person. */

export type HeldData = Omit<CustomerData, "about" | "exportedAt">;

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Everything held about the person, as the downloaded document lists it. */
export async function collectData(
  db: Database,
  written: MessageWriter,
  person: Person,
  userId: string | null,
): Promise<HeldData> {
  const bookingRows = await db
    .select()
    .from(bookings)
    .where(person.bookings)
    .orderBy(asc(bookings.preferredDate), asc(bookings.createdAt), asc(bookings.id));
  const ids = bookingRows.map((b) => b.id);
  const [account, sessionRows, vehicleRows, records, paid, reviewRows, messageRows, stopped, entries] =
    await Promise.all([
      userId ? db.select().from(users).where(eq(users.id, userId)) : [],
      userId ? db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)) : [],
      userId ? db.select().from(vehicles).where(eq(vehicles.userId, userId)).orderBy(asc(vehicles.createdAt)) : [],
      db
        .select()
        .from(serviceRecords)
        .where(ofBookings(serviceRecords.bookingId, ids))
        .orderBy(asc(serviceRecords.servicedOn)),
      db
        .select({ payment: payments, refund: refunds })
        .from(payments)
        .leftJoin(refunds, eq(refunds.paymentId, payments.id))
        .where(ofBookings(payments.bookingId, ids))
        .orderBy(asc(payments.createdAt), asc(payments.id), asc(refunds.createdAt)),
      db.select().from(reviews).where(ofBookings(reviews.bookingId, ids)).orderBy(asc(reviews.createdAt)),
      db.select().from(outbox).where(messagesTo(person, ids)).orderBy(asc(outbox.createdAt), asc(outbox.id)),
      person.address
        ? db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.email, person.address))
        : [],
      db.select().from(waitlistEntries).where(person.waitlist).orderBy(asc(waitlistEntries.createdAt)),
    ]);
  return {
    account: account[0] ? accountRecord(account[0]) : null,
    sessions: sessionRows.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
    })),
    vehicles: vehicleRows.map(({ id, userId: _, createdAt, updatedAt, ...vehicle }) => ({
      _id: id,
      ...vehicle,
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    })),
    bookings: bookingRows.map(bookingRecord),
    serviceRecords: records.map((r) => ({
      bookingId: r.bookingId,
      servicedOn: r.servicedOn,
      odometer: r.odometer,
      oil: r.oilName,
      nextDueDate: r.nextDueDate,
      nextDueMileage: r.nextDueMileage,
    })),
    payments: paymentRecords(paid),
    reviews: reviewRows.map((r) => ({
      bookingId: r.bookingId,
      rating: r.rating,
      comment: r.comment,
      shownAs: r.authorName,
      status: r.status,
      reply: r.reply,
      createdAt: r.createdAt.toISOString(),
      publishedAt: iso(r.publishedAt),
    })),
    messages: messageRows.map((m) => ({
      to: m.to,
      template: m.template,
      subject: subjectOf(written, m),
      state: m.state,
      bookingId: m.bookingId,
      createdAt: m.createdAt.toISOString(),
      sentAt: iso(m.sentAt),
    })),
    emailChoices: Object.fromEntries(CONSENT_KINDS.map((kind) => [kind, !stopped.some((s) => s.kind === kind)])),
    waitlist: entries.map((e) => ({
      date: e.date,
      slots: e.slots,
      fullName: e.fullName,
      phone: e.phone,
      email: e.email,
      summary: e.summary,
      request: e.request,
      status: e.status,
      createdAt: e.createdAt.toISOString(),
      endedAt: iso(e.endedAt),
    })),
  };
}

/** A stored message's subject as it was sent (written out by its template), or as stored. */
function subjectOf(written: MessageWriter, row: typeof outbox.$inferSelect): string | null {
  try {
    return written(row).subject;
  } catch {
    return row.subject;
  }
}

/** The download: what was held, under a line saying whose it is and when it was made. */
export function customerDocument(held: HeldData, whose: string, shopName: string, at: Date): CustomerData {
  const exportedAt = at.toISOString();
  return { about: `Everything ${shopName} holds about ${whose}, on ${exportedAt}.`, exportedAt, ...held };
}

/** The account as the download shows it: never its password (that is in accounts, not read here). */
function accountRecord(user: UserRow) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    photo: user.photo,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** A booking as the download shows it: what was booked, for whom, what it cost, and where it is. */
function bookingRecord(row: BookingRow) {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    preferredDate: row.preferredDate,
    preferredTimeSlot: row.preferredTimeSlot,
    status: row.status,
    visitStage: row.visitStage,
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    vehicleType: row.vehicleType,
    vehicleYear: row.vehicleYear,
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    vehicleColor: row.vehicleColor,
    vehiclePlate: row.vehiclePlate,
    serviceType: row.serviceType,
    packageName: row.packageName,
    lines: row.lines.map((line) => ({ label: line.label, amount: line.amountCents / 100 })),
    promoCode: row.promoCode,
    discount: row.discountCents / 100,
    total: dollars(row.totalCents),
    paid: (row.paidCents - row.refundedCents) / 100,
    specialInstructions: row.specialInstructions,
  };
}

/**
 * Their payments, each with its refunds (joined rows, a payment's repeated per refund). Who at
 * the till took or gave back each is the shop's business, not the customer's data.
 */
function paymentRecords(rows: { payment: PaymentRow; refund: RefundRow | null }[]) {
  const byId = new Map<string, { payment: PaymentRow; refunds: RefundRow[] }>();
  for (const { payment, refund } of rows) {
    const entry = byId.get(payment.id) ?? { payment, refunds: [] };
    if (refund) entry.refunds.push(refund);
    byId.set(payment.id, entry);
  }
  return [...byId.values()].map(({ payment: p, refunds: given }) => ({
    _id: p.id,
    bookingId: p.bookingId,
    method: p.method,
    amount: p.amountCents / 100,
    tip: p.tipCents / 100,
    reference: p.reference,
    createdAt: p.createdAt.toISOString(),
    refunded: given.reduce((sum, r) => sum + r.amountCents, 0) / 100,
    refunds: given.map((r) => ({
      amount: r.amountCents / 100,
      reason: r.reason,
      createdAt: r.createdAt.toISOString(),
    })),
  }));
}
