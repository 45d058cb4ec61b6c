import { boundedMemo } from "./bounded-memo";

/**
 * One formatter per locale, time zone and options, made once: building an Intl.DateTimeFormat
 * costs ~50× using one, and "today" is read on every page and every booking request. Zones come
 * from the site's configuration (and tests), never from a request, so the map stays a handful of
 * entries. The key holds every option, so no two uses ever share a formatter by mistake.
 */
export function zonedFormatter(locale: string, options: Intl.DateTimeFormatOptions & { timeZone: string }) {
  const key = JSON.stringify([locale, options]);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}
const formatters = new Map<string, Intl.DateTimeFormat>();

/** "Eastern Standard Time": the zone's long name at an instant (standard or daylight time). */
export function zoneName(timeZone: string, at: Date, languageTag = "en-US"): string {
  // Asked of the same visit by each of a booking's e-mails; the key holds the zone and the instant.
  return zoneNames.get(
    `${timeZone} ${at.getTime()} ${languageTag}`,
    () =>
      zonedFormatter(languageTag, { timeZone, timeZoneName: "long" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value ?? timeZone,
  );
}
const zoneNames = /* @__PURE__ */ boundedMemo<string>(1_000);

/** The calendar date (YYYY-MM-DD) it is now in the business's time zone: what "today" means for bookings. */
export function businessToday(timeZone: string, now: Date = new Date()): string {
  // Asked several times by every booking request: worked out once a minute per zone (a date
  // changes at a zone's midnight, which falls on a minute's turn in every zone of our time).
  const minute = Math.floor(now.getTime() / 60_000);
  const kept = todays.get(timeZone);
  if (kept?.minute === minute) return kept.date;
  const date = zonedFormatter("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  todays.set(timeZone, { minute, date });
  return date;
}
const todays = new Map<string, { minute: number; date: string }>();

/** The calendar day `days` after `date` (YYYY-MM-DD); a negative count goes back. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The instant at which the business's wall clock shows `time` (HH:MM) on `date` (YYYY-MM-DD).
 * Intl gives the zone's offset for an instant, not for a wall time, so the offset is read at a
 * first guess and once more at the corrected instant (which settles it across DST changes).
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string): Date {
  // A booking's e-mails, calendar file and checks ask this of the same few slots many times over;
  // the answer never changes while the process runs, and the key holds the zone.
  const instant = wallTimes.get(`${timeZone} ${date} ${time}`, () => {
    const [year, month, day] = date.split("-").map(Number) as [number, number, number];
    const [hour, minute] = time.split(":").map(Number) as [number, number];
    const wall = Date.UTC(year, month - 1, day, hour, minute);
    const first = wall - zoneOffsetMs(wall, timeZone);
    return wall - zoneOffsetMs(first, timeZone);
  });
  return new Date(instant);
}
// Dates come from requests: bounded (a few years of slots fit).
const wallTimes = /* @__PURE__ */ boundedMemo<number>(10_000);
/** Per zone, the formatter that reads its wall clock (zonedFormatter's key costs more than a lookup by zone). */
const wallClocks = new Map<string, Intl.DateTimeFormat>();

function zoneOffsetMs(instant: number, timeZone: string): number {
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  let wallClock = wallClocks.get(timeZone);
  if (!wallClock) {
    wallClock = zonedFormatter("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    wallClocks.set(timeZone, wallClock);
  }
  for (const part of wallClock.formatToParts(instant)) field[part.type] = Number(part.value);
  const asUtc = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!, field.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}
