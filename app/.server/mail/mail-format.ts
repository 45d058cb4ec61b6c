import { businessToday, zonedFormatter } from "~/lib/business-date";
import { dateWithYear, friendlyDate, longDate, momentText } from "~/lib/day-text";
import { LANGUAGE_TAG, type Locale } from "~/lib/i18n/locale";
import { formatPrice } from "~/lib/money";
import { formatClock, formatClockSpan } from "~/lib/opening-hours";
import { formatLength } from "~/lib/service-length";

/**
 * Days, clock times, lengths and money in an e-mail's language (issue 49): English as every page
 * says them ("Sat, Nov 28", "9–11 AM"), Spanish as a Latin-American reader writes them ("sáb, 28
 * nov", "9–11 a. m."). Money stays dollars ("$54.99") in both.
 */
/** "Sat, Nov 28" / "sáb, 28 nov": as the pages say a day (~/lib/day-text). */
export const mailDay = (date: string, locale: Locale) => friendlyDate(date, locale);

/** "Saturday, November 28" / "sábado, 28 de noviembre": a day said in full. */
export const mailLongDay = (date: string, locale: Locale) => longDate(date, locale);

/** "Eastern Standard Time" / "hora estándar oriental": the zone at a moment, as the reader's calendar says it. */
export function mailZoneName(timeZone: string, at: Date, locale: Locale): string {
  return (
    zonedFormatter(LANGUAGE_TAG[locale], { timeZone, timeZoneName: "long" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone
  );
}

export const mailClock = (minutes: number, locale: Locale) => formatClock(minutes, locale);
export const mailClockSpan = (start: number, end: number, locale: Locale, joiner = "–") =>
  formatClockSpan(start, end, joiner, locale);
export const mailLength = (minutes: number, locale: Locale) => formatLength(minutes, locale);
/** Dollars in both languages: the shop charges in dollars, and "$54.99" reads the same to both. */
export const mailPrice = (amount: number | null) => formatPrice(amount);

/** "Sat, Nov 28, 2026" / "sáb, 28 nov 2026": a day in a list or record that spans years. */
export function mailDayWithYear(date: string, locale: Locale): string {
  return locale === "en" ? dateWithYear(date) : `${mailDay(date, locale)} ${date.slice(0, 4)}`;
}

/** "Wed, Nov 25, 9:05 AM" / "mié, 25 nov, 9:05 a. m.": an instant on the business's clock. */
export function mailMoment(at: Date | string, timeZone: string, locale: Locale): string {
  if (locale === "en") return momentText(at, timeZone);
  const clock = zonedFormatter("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(new Date(at))
    .split(":");
  const minutes = Number(clock[0]) * 60 + Number(clock[1]);
  return `${mailDay(businessToday(timeZone, new Date(at)), locale)}, ${formatClock(minutes, locale)}`;
}
