import { zonedTimeToUtc } from "~/lib/business-date";
import { OPENING_HOURS } from "~/lib/opening-hours";
import { slotInterval } from "./booking-calendar";
import type { Booking } from "./bookings.schema";

export const DEFAULT_CANCEL_WINDOW_HOURS = 2;
export const MAX_CANCEL_WINDOW_HOURS = 168;

export const VISIT_HAPPENED = "This visit has already happened.";
export const ALREADY_CANCELLED = "Already cancelled";

export function windowClosedMessage(hours: number): string {
  return `Changes close ${hours} ${hours === 1 ? "hour" : "hours"} before your visit. Please call us.`;
}

/**
 * When a visit begins on the business's clock: its slot's start, or for 'Anytime' the day's
 * opening (the earliest the customer may turn up, so the window closes before any time we agree).
 */
export function visitStart(booking: Pick<Booking, "preferredDate" | "preferredTimeSlot">, timeZone: string): Date {
  const slot = slotInterval(booking.preferredDate, booking.preferredTimeSlot, timeZone);
  if (slot) return slot.start;
  const weekday = new Date(`${booking.preferredDate}T12:00:00Z`).getUTCDay();
  const opens = OPENING_HOURS.find((p) => p.days.includes(weekday))?.opens ?? 0;
  const hhmm = `${String(Math.floor(opens / 60)).padStart(2, "0")}:${String(opens % 60).padStart(2, "0")}`;
  return zonedTimeToUtc(booking.preferredDate, hhmm, timeZone);
}

export interface ChangeRule {
  canChange: boolean;
  /** The last moment a customer may cancel or reschedule; null once the booking is cancelled. */
  deadline: Date | null;
  /** Why not, in the words the customer reads. */
  reason?: string;
}

/**
 * Whether the booking's holder may still cancel or move it themself. Admins are not bound: the
 * business may always change its own schedule. A visit whose slot has started is history.
 */
export function customerChangeRule(
  booking: Pick<Booking, "preferredDate" | "preferredTimeSlot" | "status">,
  { windowHours, timeZone, now }: { windowHours: number; timeZone: string; now: Date },
): ChangeRule {
  if (booking.status === "cancelled") return { canChange: false, deadline: null, reason: ALREADY_CANCELLED };
  const start = visitStart(booking, timeZone);
  const deadline = new Date(start.getTime() - windowHours * 3_600_000);
  if (start.getTime() <= now.getTime()) return { canChange: false, deadline, reason: VISIT_HAPPENED };
  if (deadline.getTime() <= now.getTime())
    return { canChange: false, deadline, reason: windowClosedMessage(windowHours) };
  return { canChange: true, deadline };
}

/**
 * Whether the holder may move their booking: as customerChangeRule, but a booking that needs a new
 * time (its day is closed: booking-rows.server.ts needsNewTimeSql) may be moved whatever the window
 * says, even once its slot has begun: the visit is not happening. Cancelling keeps the usual rule.
 */
export function customerRescheduleRule(
  booking: Pick<Booking, "preferredDate" | "preferredTimeSlot" | "status">,
  options: { windowHours: number; timeZone: string; now: Date },
  needsNewTime: boolean,
): ChangeRule {
  const rule = customerChangeRule(booking, options);
  return needsNewTime && booking.status !== "cancelled" ? { canChange: true, deadline: rule.deadline } : rule;
}
