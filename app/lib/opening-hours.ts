import { zonedFormatter } from "./business-date";
/**
 * Opening hours (Mon–Sat 8 AM–6 PM, Sun 8 AM–5 PM: docs/specification-quirks.md §12) and whether the
 * business is open at a given instant, judged on the business's own clock. Browser-safe.
 */
export interface OpeningPeriod {
  label: string;
  /** 0 = Sunday … 6 = Saturday, as Date#getDay. */
  days: readonly number[];
  /** Minutes after midnight, local to the business. */
  opens: number;
  closes: number;
}

export const OPENING_HOURS: readonly OpeningPeriod[] = [
  { label: "Mon–Sat", days: [1, 2, 3, 4, 5, 6], opens: 8 * 60, closes: 18 * 60 },
  { label: "Sun", days: [0], opens: 8 * 60, closes: 17 * 60 },
];

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const SCHEMA_DAYS = DAY_NAMES;

/** "17:30" → 1050: a clock time ("HH:MM", as slot labels and settings write it) in minutes after midnight. */
export const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The languages a clock time is written in ("8 AM", "8 a. m."): the site's (app/lib/i18n/locale.ts). */
export type ClockLanguage = "en" | "es";
const MERIDIEM: Record<ClockLanguage, readonly [string, string]> = {
  en: [" AM", " PM"],
  // As Spanish style guides write it (RAE: "a. m.", "p. m."), with the shop's hours-without-:00.
  es: [" a.\u00a0m.", " p.\u00a0m."],
};
const clockDigits = (minutes: number) => {
  const h12 = Math.floor(minutes / 60) % 12 === 0 ? 12 : Math.floor(minutes / 60) % 12;
  return `${h12}${minutes % 60 ? `:${String(minutes % 60).padStart(2, "0")}` : ""}`;
};
const meridiem = (minutes: number, language: ClockLanguage) => MERIDIEM[language][minutes < 12 * 60 ? 0 : 1];

/** "8 AM", "5:30 PM"; in Spanish "8 a. m.", "5:30 p. m." */
export function formatClock(minutes: number, language: ClockLanguage = "en"): string {
  return `${clockDigits(minutes)}${meridiem(minutes, language)}`;
}

/**
 * A time as a sentence in `language` says it: in Spanish with its hour's article, "la 1:15 p. m."
 * (one o'clock is singular), "las 3 p. m."; in English as it is. For a message whose Spanish reads
 * "hasta {until}", "A {at}".
 */
export function timeInSentence(time: string, language: ClockLanguage): string {
  if (language === "en") return time;
  return `${/^1(?!\d)/.test(time) ? "la" : "las"} ${time}`;
}

/**
 * "9–11 AM", "11 AM–12:35 PM", or with `joiner` " and ": "2:25 and 4:25 PM": a span of the clock,
 * its first AM/PM left out where both ends share it; one time ("3 PM") when both ends are one.
 */
export function formatClockSpan(start: number, end: number, joiner = "–", language: ClockLanguage = "en"): string {
  if (start === end) return formatClock(end, language);
  const sameHalf = start < 12 * 60 === end < 12 * 60;
  const startText = sameHalf ? clockDigits(start) : formatClock(start, language);
  return `${startText}${joiner}${formatClock(end, language)}`;
}

/** "8 AM–6 PM" */
export function formatPeriod(period: Pick<OpeningPeriod, "opens" | "closes">, language: ClockLanguage = "en"): string {
  return `${formatClock(period.opens, language)}–${formatClock(period.closes, language)}`;
}

const SPANISH_DAYS = ["dom", "lun", "mar", "mié", "jue", "vie", "sáb"] as const;

/** A period's days as a visitor reads them: its own label in English, "lun–sáb" in Spanish. */
export function periodDays(period: Pick<OpeningPeriod, "label" | "days">, language: ClockLanguage = "en"): string {
  if (language === "en" || period.days.length === 0) return period.label;
  const first = SPANISH_DAYS[period.days[0]!]!;
  const last = SPANISH_DAYS[period.days[period.days.length - 1]!]!;
  const consecutive = period.days.every((d, i) => i === 0 || d === period.days[i - 1]! + 1);
  if (period.days.length === 1) return first;
  return consecutive ? `${first}–${last}` : period.days.map((d) => SPANISH_DAYS[d]).join(", ");
}

/** Day of week and minutes after midnight of an instant, on the clock of a time zone. */
export function zonedClock(at: Date, timeZone: string): { day: number; minutes: number } {
  const parts = zonedFormatter("en-US", {
    timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(get("weekday"));
  return { day, minutes: Number(get("hour")) * 60 + Number(get("minute")) };
}

function periodOn(day: number, hours: readonly OpeningPeriod[]): OpeningPeriod | undefined {
  return hours.find((p) => p.days.includes(day));
}

export interface OpenStatus {
  open: boolean;
  /** What a visitor reads beside the badge: "Closes at 6 PM", "Opens tomorrow at 8 AM". */
  detail: string;
}

const SPANISH_DAY_NAMES = [
  "el domingo",
  "el lunes",
  "el martes",
  "el miércoles",
  "el jueves",
  "el viernes",
  "el sábado",
];

export function openStatus(
  at: Date,
  timeZone: string,
  hours: readonly OpeningPeriod[] = OPENING_HOURS,
  language: ClockLanguage = "en",
): OpenStatus {
  const { day, minutes } = zonedClock(at, timeZone);
  if (language === "es") return openStatusInSpanish(day, minutes, hours);
  const today = periodOn(day, hours);
  if (today && minutes >= today.opens && minutes < today.closes)
    return { open: true, detail: `Closes at ${formatClock(today.closes)}` };
  if (today && minutes < today.opens) return { open: false, detail: `Opens today at ${formatClock(today.opens)}` };
  for (let ahead = 1; ahead <= 7; ahead++) {
    const next = periodOn((day + ahead) % 7, hours);
    if (!next) continue;
    const when = ahead === 1 ? "tomorrow" : DAY_NAMES[(day + ahead) % 7];
    return { open: false, detail: `Opens ${when} at ${formatClock(next.opens)}` };
  }
  return { open: false, detail: "Closed" };
}

/** openStatus's words on a Spanish page (replyTime reads the English ones: it is not asked of these). */
function openStatusInSpanish(day: number, minutes: number, hours: readonly OpeningPeriod[]): OpenStatus {
  const at = (m: number) => `${Math.floor(m / 60) % 12 === 1 ? "a la" : "a las"} ${formatClock(m, "es")}`;
  const today = periodOn(day, hours);
  if (today && minutes >= today.opens && minutes < today.closes)
    return { open: true, detail: `Cierra ${at(today.closes)}` };
  if (today && minutes < today.opens) return { open: false, detail: `Abre hoy ${at(today.opens)}` };
  for (let ahead = 1; ahead <= 7; ahead++) {
    const next = periodOn((day + ahead) % 7, hours);
    if (!next) continue;
    const when = ahead === 1 ? "mañana" : SPANISH_DAY_NAMES[(day + ahead) % 7];
    return { open: false, detail: `Abre ${when} ${at(next.opens)}` };
  }
  return { open: false, detail: "Cerrado" };
}

/**
 * When a request sent now is answered: "usually within the hour" holds only while someone is at
 * the counter; at midnight it is "when we open, tomorrow at 8 AM".
 */
export function replyTime(status: OpenStatus): string {
  if (status.open) return "shortly, usually within the hour";
  const opens = /^Opens (.+)$/.exec(status.detail)?.[1];
  return opens ? `when we open, ${opens}` : "when we open";
}

/** schema.org OpeningHoursSpecification entries for structured data. */
export function openingHoursSpecification(hours: readonly OpeningPeriod[] = OPENING_HOURS) {
  const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
  return hours.map((p) => ({
    "@type": "OpeningHoursSpecification",
    dayOfWeek: p.days.map((d) => SCHEMA_DAYS[d]),
    opens: hhmm(p.opens),
    closes: hhmm(p.closes),
  }));
}
