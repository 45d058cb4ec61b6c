import { between } from "drizzle-orm";
import { addDays, businessToday } from "~/lib/business-date";
import type { Database } from "~/.server/db/client";
import { closedDates } from "~/.server/db/schema";
import type { BookingServiceOptions } from "./booking-context";
import { hasStarted } from "./booking-refusals.server";
import type { ServiceChoice, SlotAvailability } from "./bookings.schema";
import { heldPlaces } from "./slot-claims.server";
import { offeredArrival, slotPlan } from "./slot-plan";
import { windowLabels } from "./shop-hours";

/**
 * What the form and the move dialog show: places left per slot, read in TypeScript. A request is
 * checked again when its place is claimed (claim_place), so what is shown here only guides.
 */
export function createAvailability(
  db: Database,
  { settings, timeZone, pricing }: Pick<BookingServiceOptions, "settings" | "timeZone" | "pricing">,
) {
  /**
   * Each day from `from` for `days` days, with each arrival slot for a service of the given length:
   * places left in every slot it would hold, and whether it is offered (not closed, not started,
   * ends by closing time, a place left) or why not. Three reads for the whole range.
   */
  async function availabilityDays(from: string, days: number, choice: ServiceChoice) {
    const minutes = choice.minutes ?? (await pricing.quoteVisit(choice)).minutes;
    const to = addDays(from, days - 1);
    const shop = await settings.shopHours();
    const windows = windowLabels(shop);
    const [closed, held, total] = await Promise.all([
      db
        .select({ date: closedDates.date })
        .from(closedDates)
        .where(between(closedDates.date, from, to))
        .then((rows) => new Set(rows.map((r) => r.date))),
      heldPlaces(db, from, to, windows),
      settings.bays(),
    ]);
    const today = businessToday(timeZone);
    const lastDay = addDays(today, shop.daysAhead);
    const now = Date.now();
    const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
    return {
      minutes,
      days: dates.map((date) => {
        const dayClosed = closed.has(date) || date > lastDay;
        const taken = held.get(date);
        const slots = windows.map((slot): SlotAvailability => {
          const plan = slotPlan(date, slot, minutes, shop);
          const started = date < today || (date === today && hasStarted(timeZone, date, slot, now, shop.leadMinutes));
          const left = Math.min(...plan.occupies.map((label) => total - (taken?.get(label) ?? 0)));
          const reason = dayClosed
            ? "closed"
            : started
              ? "started"
              : !plan.fits
                ? "too-late"
                : left <= 0
                  ? "full"
                  : undefined;
          // When the car must arrive, as every booking in this slot will say it (offeredArrival):
          // `end` is the latest arrival for this service (the window clipped to closing) when offered.
          const { start, end } = offeredArrival(date, slot, minutes, shop)!;
          return {
            slot,
            start,
            end,
            remaining: dayClosed || started ? 0 : Math.max(0, left),
            offered: reason === undefined,
            ...(reason && { reason }),
          };
        });
        return { date, closed: dayClosed, open: slots.some((s) => s.offered), slots };
      }),
    };
  }

  /** One date's slots, as availabilityDays gives them, each also saying whether it has started. */
  async function availability(date: string, choice: ServiceChoice = {}) {
    const { minutes, days } = await availabilityDays(date, 1, choice);
    const day = days[0]!;
    return {
      date,
      closed: day.closed,
      minutes,
      slots: day.slots.map((slot) => ({ ...slot, started: slot.reason === "started" })),
    };
  }

  return { availability, availabilityDays };
}
