import { actorCan, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { addDays, businessToday } from "~/lib/business-date";
import { causeChain } from "~/.server/db/database-error";
import type { PricedVisit } from "~/features/pricing/pricing.schema";
import { slotInterval } from "./booking-calendar";
import { ANYTIME, bookingRequestLimits, CLOSED_DATE, PROMO_CODE } from "./bookings.schema";
import { SLOT_FULL, type ClaimOutcome } from "./slot-claims.server";
import { tooFarMessage, windowLabels, type ShopHours } from "./shop-hours";

/**
 * The refusals a booking request or change is answered with, and their words: a slot that has
 * started, is not offered, is too far ahead or does not fit before closing; a refused claim; the
 * promo. Shared by the parts of the booking service, below them all (no part imports another for
 * these).
 */

export const TOO_LATE = "That service doesn't fit before closing. Please choose an earlier time.";
const STARTED = "That time slot has already started. Please choose another.";
const TOO_MANY_THAT_DAY = `You already have ${bookingRequestLimits.perDay} bookings on this date. Choose another date or call us to book more.`;
const TOO_MANY_UPCOMING = `You already have ${bookingRequestLimits.upcoming} upcoming bookings. Cancel one or call us to book more.`;
export const OVER_CAPACITY_MANAGERS = "Only managers and administrators may book over capacity.";
/**
 * A second WASH5 for one e-mail. Only the e-mail's own account (or an admin) is told why: anyone
 * else who types an address would learn that it has booked here before (decisions/029).
 */
export const PROMO_USED = {
  member: "You have already used this code.",
  admin: "This customer has already used the promo code on another booking.",
  visitor: "This code can't be applied to this booking.",
} as const;

/** Whether a window is past booking: it has started, or starts within the settings' lead time. */
export const hasStarted = (timeZone: string, date: string, slot: string, now = Date.now(), leadMinutes = 0) =>
  (slotInterval(date, slot, timeZone)?.start.getTime() ?? Infinity) - leadMinutes * 60_000 <= now;

export function refuseStarted(timeZone: string, date: string, slot: string, leadMinutes = 0) {
  if (hasStarted(timeZone, date, slot, Date.now(), leadMinutes))
    throw new AppError("conflict", STARTED, { preferredTimeSlot: STARTED });
}

/** A customer books from today up to the settings' days ahead. */
export function refuseTooFar(timeZone: string, date: string, shop: ShopHours) {
  if (date > addDays(businessToday(timeZone), shop.daysAhead)) {
    const message = tooFarMessage(shop.daysAhead);
    throw new AppError("conflict", message, { preferredDate: message });
  }
}

/** A slot that is neither 'Anytime' nor one of the settings' windows is a bad request, as before they were settings. */
export function refuseUnknownSlot(slot: string, shop: ShopHours) {
  if (slot !== ANYTIME && !windowLabels(shop).includes(slot))
    throw new AppError("validation_failed", "Please check the highlighted fields.", {
      preferredTimeSlot: "Select a time slot",
    });
}

/** Answers a refused claim with what the customer is to read (nothing for a claimed place). */
export function refuseUnclaimed(outcome: ClaimOutcome) {
  switch (outcome) {
    case "claimed":
      return;
    case "closed":
      throw new AppError("conflict", CLOSED_DATE, { preferredDate: CLOSED_DATE });
    case "too many that day":
      throw new AppError("conflict", TOO_MANY_THAT_DAY, { preferredDate: TOO_MANY_THAT_DAY });
    case "too many upcoming":
      throw new AppError("conflict", TOO_MANY_UPCOMING);
    case "full":
      throw new AppError("conflict", SLOT_FULL, { preferredTimeSlot: SLOT_FULL });
  }
}

/** Who may be told that an e-mail has used WASH5: its own account, an admin, else nobody. */
export function promoAudience(actor: Actor | null, email: string): keyof typeof PROMO_USED {
  if (actorCan(actor, "desk")) return "admin";
  return actor && actor.email.toLowerCase() === email ? "member" : "visitor";
}

export function refusePromo(promoCode: string) {
  if (promoCode && promoCode !== PROMO_CODE) throw promoError("This promo code isn't valid.");
}

/** WASH5 takes 5 % off the visit's total (decision 030): a visit with no price has none to take it from. */
export function refuseUnpriced(promoCode: string, quote: PricedVisit) {
  if (promoCode && quote.lines.length === 0)
    throw promoError("Promo codes apply to a priced service: choose a service to use it.");
}

export function promoError(message: string) {
  return new AppError("validation_failed", message, { promoCode: message });
}

export function isPromoReuse(error: unknown): boolean {
  return isUniqueViolation(error, "bookings_promo_once_idx");
}

/** Whether a write was refused by this unique index (a race another request won). */
function isUniqueViolation(error: unknown, index: string): boolean {
  for (const pg of causeChain(error)) {
    if (pg.code === "23505" && (pg.constraint === index || pg.message?.includes(index))) return true;
  }
  return false;
}

export const CLUB_DAY_TAKEN =
  "Your Wash Club visit for that day was booked a moment ago: book again to pay for this one.";

/**
 * A Wash Club member's two bookings of one day at once, where the plan covers one (issue 47): the
 * second finds the day's covered place taken (bookings_club_claim_idx) and is refused, rather than
 * booked at a price the customer was not quoted.
 */
export function refuseTakenClubDay(error: unknown): void {
  if (isUniqueViolation(error, "bookings_club_claim_idx")) throw new AppError("conflict", CLUB_DAY_TAKEN);
}

/** A change that would give the promo to a second booking of the customer's is refused in these words. */
export function promoReuseMessage(error: unknown): never {
  if (isPromoReuse(error)) throw promoError("This customer has already used the promo code on another booking.");
  throw error;
}
