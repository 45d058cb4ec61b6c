import { zonedFormatter } from "./business-date";
import { formatClock } from "./opening-hours";

/**
 * The product's one way of saying a day and a moment ("Thu, Nov 26", "Saturday, December 12",
 * "Wed, Nov 25, 9:05 AM"), for every feature's pages and e-mails: the business's own dates, never
 * shifted by the reader's zone. A booking's windows are said by features/bookings/visit-text.ts.
 */

// One formatter for the process: building one costs ten times a format, and lists call this per row.
// Each is built on first use, not when the module loads: the five were ~160 ms of the booking form's
// first task at 4× CPU slowdown (issue 48), and a page in one language never needs the other's.
// The business's dates are formatted at noon UTC, so no reader's zone shifts them.
const dayFormat = (language: "en-US" | "es-US", options: Intl.DateTimeFormatOptions) => {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" }));
};
const shortDay = dayFormat("en-US", { weekday: "short", month: "short", day: "numeric" });
const shortDayWithYear = dayFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric" });
const spanishShortDay = dayFormat("es-US", { weekday: "short", month: "short", day: "numeric" });

/**
 * "Thu, Nov 26": a booking's date (the date is the business's own, never shifted by the reader's zone);
 * in Spanish "jue, 26 nov", built from its parts, as ICU's own order varies by version ("26 de nov").
 */
export function friendlyDate(date: string, language: "en" | "es" = "en"): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (language === "en") return shortDay().format(at);
  const parts = spanishShortDay().formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value.replace(".", "");
  return `${part("weekday")}, ${part("day")} ${part("month")}`;
}

const longDay = dayFormat("en-US", { weekday: "long", month: "long", day: "numeric" });
const spanishLongDay = dayFormat("es-US", { weekday: "long", month: "long", day: "numeric" });

/**
 * "Saturday, December 12" ("sábado, 12 de diciembre"): a day said in full, where it is the point of
 * the sentence (the waitlist, as its e-mails say it).
 */
export function longDate(date: string, language: "en" | "es" = "en"): string {
  return (language === "es" ? spanishLongDay : longDay)().format(new Date(`${date}T12:00:00Z`));
}

/** "Thu, Nov 26, 2026" ("jue, 26 nov 2026"): the same, in a list that spans years (a customer's history, closed dates). */
export function dateWithYear(date: string, language: "en" | "es" = "en"): string {
  if (language === "en") return shortDayWithYear().format(new Date(`${date}T12:00:00Z`));
  return `${friendlyDate(date, "es")} ${date.slice(0, 4)}`;
}

/** "Wed, Nov 25, 9:05 AM" ("mié, 25 nov, 9:05 a. m."): an instant (a request, a deadline) on the business's clock. */
export function momentText(at: Date | string, timeZone: string, language: "en" | "es" = "en"): string {
  const parts = zonedFormatter("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(at));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const date = `${part("year")}-${part("month")}-${part("day")}`;
  return `${friendlyDate(date, language)}, ${formatClock(Number(part("hour")) * 60 + Number(part("minute")), language)}`;
}
