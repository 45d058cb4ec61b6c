import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { withTypeAndYear } from "~/features/garage/garage.schema";
import { momentText } from "~/lib/day-text";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { useLocale } from "~/lib/i18n/use-locale";
import { clockMinutes, formatClockSpan } from "~/lib/opening-hours";
import { formatLength } from "~/lib/service-length";
import { displayStatus, type Booking } from "./bookings.schema";
import { bookingVehicleName, priceNote } from "./visit-summary";
import { friendlyDate } from "./visit-text";

const STATUS = {
  Confirmed: msg`Confirmed`,
  Cancelled: msg`Cancelled`,
  Pending: msg`Pending`,
} as const;

/**
 * A booking as a member's pages say it, in the page's language (decision 059): its day ("jue, 26
 * nov"), its window ("9–11 a. m."), its length and finish, its vehicle ("Honda CR-V plateado" stays
 * as the customer typed it, its type in the language), its service and status. The stored values,
 * and the English pages' words, stay those of visit-text.ts and visit-summary.ts.
 */
export function useVisitWords() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const clockSpan = (from: number, to: number, joiner = "–") => formatClockSpan(from, to, joiner, locale);
  const window = (visit: Pick<Booking, "arrival" | "preferredTimeSlot">) =>
    visit.arrival
      ? clockSpan(clockMinutes(visit.arrival.start), clockMinutes(visit.arrival.end))
      : visit.preferredTimeSlot === "Anytime"
        ? t`Anytime`
        : visit.preferredTimeSlot;
  return {
    day: (date: string) => friendlyDate(date, locale),
    moment: (at: Date | string, timeZone: string) => momentText(at, timeZone, locale),
    window,
    /** "30 min · ready between 9:30 and 11:30 AM" ("30 min" alone for 'Anytime'). */
    lengthAndFinish(booking: Pick<Booking, "arrival" | "minutes">): string {
      const length = formatLength(booking.minutes, locale);
      const { arrival } = booking;
      if (!arrival) return length;
      const at = (clock: string) => (clockMinutes(clock) + booking.minutes) % (24 * 60);
      const [from, to] = [at(arrival.start), at(arrival.end)];
      if (from === to) {
        const time = clockSpan(to, to);
        return t`${length} · ready around ${time}`;
      }
      const and = t`and`;
      const between = clockSpan(from, to, ` ${and} `);
      return t`${length} · ready between ${between}`;
    },
    service: (name: string) => i18n._(catalogueName(name)),
    status: (status: string) => i18n._(STATUS[displayStatus(status)]),
    /** "Silver Honda CR-V (SUV, 2020)": the name as typed, the type in the page's language. */
    vehicle(booking: Parameters<typeof bookingVehicleName>[0] & Pick<Booking, "vehicleYear">): string {
      const type = i18n._(catalogueName(booking.vehicleType));
      const name = bookingVehicleName(booking);
      return withTypeAndYear(name === booking.vehicleType ? type : name, type, booking.vehicleYear);
    },
    priceNote: (booking: Parameters<typeof priceNote>[0]) =>
      priceNote(booking) === undefined ? undefined : t`Price confirmed at the shop`,
  };
}
