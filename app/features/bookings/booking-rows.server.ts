import { eq, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { bookings, closedDates, type BookingRow } from "~/.server/db/schema";
import { REMOVED_CUSTOMER, type Booking, type BookingStatus } from "./bookings.schema";
import type { ManageLinks } from "./manage-link/manage-token.server";
import type { ShopHours } from "./shop-hours";
import { offeredArrival } from "./slot-plan";

/**
 * What every part of the booking service shares about a stored booking: the row as the product
 * sees it (toBooking), its price after the promo, whose it is (ownedBy), and its calendar SEQUENCE.
 */

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/** A row as read with needsNewTimeSql alongside its columns. */
export type BookingRowRead = BookingRow & { needsNewTime?: boolean };

/**
 * `shop`: the shop's hours (Booking Settings) the booking's arrival window is said by: its slot
 * shortened, as availability offered it, so that the visit is done by closing.
 */
export function toBooking(row: BookingRowRead, shop: ShopHours): Booking {
  return {
    _id: row.id,
    // Every list, dialog, board and export names an erased booking so, rather than leaving a blank.
    fullName: row.personalDataRemovedAt ? REMOVED_CUSTOMER : row.fullName,
    phone: row.phone,
    email: row.email,
    vehicleType: row.vehicleType,
    vehicleYear: row.vehicleYear,
    serviceType: row.serviceType,
    packageSelection: row.packageSelection,
    planId: row.planId,
    packageName: row.packageName,
    packagePrice: dollars(row.packagePriceCents),
    promoCode: row.promoCode,
    discount: row.discountCents / 100,
    finalPrice: dollars(row.finalPriceCents),
    preferredDate: row.preferredDate,
    preferredTimeSlot: row.preferredTimeSlot,
    minutes: row.durationMinutes,
    arrival: offeredArrival(row.preferredDate, row.preferredTimeSlot, row.durationMinutes, shop),
    specialInstructions: row.specialInstructions,
    status: row.status as Booking["status"],
    visitStage: row.visitStage as Booking["visitStage"],
    overCapacity: row.overCapacity,
    club: row.membershipId !== null,
    lines: row.lines.map((line) => ({ kind: line.kind, label: line.label, amount: line.amountCents / 100 })),
    total: dollars(row.totalCents),
    paid: (row.paidCents - row.refundedCents) / 100,
    refunded: row.refundedCents / 100,
    balance: Math.max(0, (row.totalCents ?? 0) - row.paidCents) / 100,
    sizeClass: row.sizeClass,
    addOns: row.addOnIds,
    oilType: row.oilType,
    vehicleId: row.vehicleId,
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    vehicleColor: row.vehicleColor,
    vehiclePlate: row.vehiclePlate,
    createdAt: row.createdAt.toISOString(),
    locale: row.locale,
    ...(row.needsNewTime !== undefined && { needsNewTime: row.needsNewTime }),
  };
}

/**
 * Whether a booking needs a new time, as a column of the query that reads it: live, on a date of
 * today or later that the shop has closed (issue 29). Derived, not stored: reopening the date or
 * moving the booking clears it.
 */
export function needsNewTimeSql(today: string | Placeholder) {
  return sql<boolean>`(${bookings.status} <> 'cancelled' and ${bookings.preferredDate} >= ${today} and exists (select 1 from ${closedDates} where ${closedDates.date} = ${bookings.preferredDate}))`.mapWith(
    Boolean,
  );
}

/** The SEQUENCE of the calendar file the customer was last sent: calendarVersion's, read back from updatedAt. */
export const currentSequence = (row: Pick<BookingRow, "createdAt" | "updatedAt">) =>
  Math.max(0, Math.floor((row.updatedAt.getTime() - row.createdAt.getTime()) / 1000));

/**
 * The calendar SEQUENCE of a change, and the updatedAt that records it. The SEQUENCE is the seconds
 * since the request, so it grows across restarts with no counter; a change within the same second
 * as the last one takes the next number, and its updatedAt moves on to that second, so the next
 * change, reading updatedAt, counts on from there.
 */
export function calendarVersion(current: Pick<BookingRow, "createdAt" | "updatedAt">, now: Date) {
  const secondsSinceRequest = (at: Date) => Math.floor((at.getTime() - current.createdAt.getTime()) / 1000);
  const sequence = Math.max(secondsSinceRequest(now), secondsSinceRequest(current.updatedAt) + 1);
  return { sequence, updatedAt: new Date(Math.max(now.getTime(), current.createdAt.getTime() + sequence * 1000)) };
}

/**
 * A customer's bookings: those their account made and, once they have verified their e-mail, those
 * made with it (as a visitor, say). Whoever signs up with someone else's address sees nothing of
 * theirs (docs/decisions/013). `id` and `email` may be a prepared query's placeholders (the e-mail
 * in lower case).
 */
export function ownedBy(caller: {
  id: string | Placeholder;
  email: string | Placeholder;
  emailVerified: boolean;
}): SQL {
  const madeByThem = eq(bookings.userId, caller.id);
  const email = typeof caller.email === "string" ? caller.email.toLowerCase() : caller.email;
  return caller.emailVerified ? or(madeByThem, eq(bookings.email, email))! : madeByThem;
}

/** Where a booking is to be: its status, and the date and slot it holds. */
export interface Placement {
  status: BookingStatus;
  preferredTimeSlot: string;
  /** Unchanged when left out. */
  preferredDate?: string;
}

/** A booking as its holder sees it: with its manage link's token. */
export const withManageToken = (links: Pick<ManageLinks, "manageToken">, booking: Booking) => ({
  ...booking,
  manageToken: links.manageToken(booking._id),
});
