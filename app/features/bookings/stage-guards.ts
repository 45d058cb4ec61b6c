import { addDays, businessToday, zonedTimeToUtc } from "~/lib/business-date";
import { slotInterval } from "./booking-calendar";
import { clockMinutes, formatClock } from "~/lib/opening-hours";
import { slotHours, type Booking } from "./bookings.schema";
import { friendlyDate } from "./visit-text";
import { VISIT_STAGES, type VisitStage } from "./visit-stages";

type StagedBooking = Pick<Booking, "preferredDate" | "preferredTimeSlot" | "visitStage">;

/**
 * When the car can no longer be expected: the end of its arrival window, or for 'Anytime' the end
 * of its day (the business's midnight).
 */
export function arrivalDeadline(booking: Pick<Booking, "preferredDate" | "preferredTimeSlot">, timeZone: string) {
  return (
    slotInterval(booking.preferredDate, booking.preferredTimeSlot, timeZone)?.end ??
    zonedTimeToUtc(addDays(booking.preferredDate, 1), "00:00", timeZone)
  );
}

/**
 * Why a visit cannot be set to `stage` at `now` (null when it can), judged on the business's clock.
 * A car cannot arrive, be worked on or be collected before its day; it is checked in on its day
 * only (a later correction is a stage further on, or no stage); and it is a no-show only once its
 * arrival window has passed ('Anytime': once its day has). Clearing a stage is always allowed. The
 * server refuses with this reason, and the desk offers only the stages it would accept.
 */
export function stageRefusal(booking: StagedBooking, stage: VisitStage | null, now: Date, timeZone: string) {
  if (stage === null || stage === booking.visitStage) return null;
  const day = booking.preferredDate;
  const today = businessToday(timeZone, now);
  if (stage === "no-show") {
    if (now.getTime() >= arrivalDeadline(booking, timeZone).getTime()) return null;
    const end = slotHours(booking.preferredTimeSlot)?.end;
    const dayText = day === today ? "today" : friendlyDate(day);
    const until = end
      ? `${formatClock(clockMinutes(end))} ${day === today ? "today" : `on ${dayText}`}`
      : `the end of ${dayText}`;
    return `Not a no-show yet: the car may still arrive until ${until}.`;
  }
  if (day > today) return `The visit is on ${friendlyDate(day)}: the car cannot be here before its day.`;
  if (stage === "checked-in" && day < today)
    return `Check-in is for the visit's day, ${friendlyDate(day)}, which has passed.`;
  return null;
}

/** The stages the desk offers a visit at `now`: those the server would accept, and the current one (to clear it). */
export function stagesOffered(booking: StagedBooking, now: Date, timeZone: string): VisitStage[] {
  return VISIT_STAGES.filter((stage) => stageRefusal(booking, stage, now, timeZone) === null);
}
