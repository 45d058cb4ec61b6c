import { addDays, zonedTimeToUtc } from "~/lib/business-date";
import { formatPrice } from "~/lib/money";
import { slotHours, type Booking } from "./bookings.schema";
import { isPriced, vehicleText } from "./visit-summary";

export interface CalendarPlace {
  /** The site's name, also the calendar's product id. */
  name: string;
  address: string;
  phone: string;
  timeZone: string;
  /** Makes the event's UID globally unique (RFC 5545 asks for a domain). */
  host: string;
}

/** When a booking's slot starts and ends, as instants; null for 'Anytime' (the day, time to be agreed). */
export function slotInterval(date: string, slot: string, timeZone: string): { start: Date; end: Date } | null {
  const hours = slotHours(slot);
  if (!hours) return null;
  return { start: zonedTimeToUtc(date, hours.start, timeZone), end: zonedTimeToUtc(date, hours.end, timeZone) };
}

/**
 * When the car must arrive, as instants: from the window's start to its latest arrival (the
 * booking's `arrival`, slot-plan.ts offeredArrival); null for 'Anytime'.
 */
export function arrivalInterval(booking: Pick<Booking, "preferredDate" | "arrival">, timeZone: string) {
  const { preferredDate: date, arrival } = booking;
  if (!arrival) return null;
  return { start: zonedTimeToUtc(date, arrival.start, timeZone), end: zonedTimeToUtc(date, arrival.end, timeZone) };
}

/**
 * The booking as an iCalendar file (RFC 5545) that the customer's calendar adds or updates.
 * Times are written in UTC, computed from the business's time zone, so every calendar shows
 * the right local time without a VTIMEZONE block. One UID per booking and a SEQUENCE that grows
 * with each change let calendars replace the event they already hold.
 */
export function bookingCalendar(
  booking: Booking,
  place: CalendarPlace,
  now: Date,
  sequence: number,
  /** The event's words in the customer's language (a Spanish booking's e-mail: booking-email-words.ts); English without. */
  words?: { summary: string; description: string },
): string {
  const interval = arrivalInterval(booking, place.timeZone);
  const title =
    words?.summary ??
    `${booking.serviceType} at ${place.name}${booking.status === "pending" ? " (awaiting confirmation)" : ""}`;
  const description =
    words?.description ??
    [
      `Booking for ${booking.fullName}: ${booking.serviceType}${booking.packageName !== null ? `, ${booking.packageName}` : ""}.`,
      `Vehicle: ${vehicleText(booking)}.`,
      isPriced(booking) ? `Price: ${formatPrice(booking.total)}.` : "",
      interval ? "" : "Any time that day: we will call to agree the time.",
      `Questions or changes: ${place.phone}.`,
    ]
      .filter(Boolean)
      .join("\n");
  return calendarFile(
    place,
    ["METHOD:PUBLISH"],
    [
      bookingEvent(booking, place, {
        now,
        sequence,
        summary: title,
        description,
        location: place.address,
      }),
    ],
  );
}

/** What an event says of its booking beside its times: the customer's file and the shop's feed differ. */
export interface BookingEventText {
  now: Date;
  sequence: number;
  summary: string;
  description: string;
  location?: string;
  /** When the booking last changed: calendars that read LAST-MODIFIED update the event they hold. */
  lastModified?: Date;
}

/**
 * One VEVENT for a booking: its UID (the same in every file, so a calendar replaces the event it
 * holds), the window the car must arrive in, in UTC (from its start to the latest arrival; a car
 * that must arrive at one time has no DTEND, as RFC 5545 wants DTEND after DTSTART) or, for
 * 'Anytime', the whole day, and its status.
 */
export function bookingEvent(booking: Booking, place: CalendarPlace, text: BookingEventText): string[] {
  const interval = arrivalInterval(booking, place.timeZone);
  const when = interval
    ? [
        `DTSTART:${utcStamp(interval.start)}`,
        ...(interval.end > interval.start ? [`DTEND:${utcStamp(interval.end)}`] : []),
      ]
    : [
        `DTSTART;VALUE=DATE:${compactDate(booking.preferredDate)}`,
        `DTEND;VALUE=DATE:${compactDate(addDays(booking.preferredDate, 1))}`,
      ];
  const status = { pending: "TENTATIVE", confirmed: "CONFIRMED", cancelled: "CANCELLED" }[booking.status];
  return [
    "BEGIN:VEVENT",
    `UID:${escapeText(`booking-${booking._id}@${place.host}`)}`,
    `DTSTAMP:${utcStamp(text.now)}`,
    ...(text.lastModified ? [`LAST-MODIFIED:${utcStamp(text.lastModified)}`] : []),
    `SEQUENCE:${text.sequence}`,
    ...when,
    `SUMMARY:${escapeText(text.summary)}`,
    ...(text.location !== undefined ? [`LOCATION:${escapeText(text.location)}`] : []),
    `DESCRIPTION:${escapeText(text.description)}`,
    `STATUS:${status}`,
    "END:VEVENT",
  ];
}

/** A VCALENDAR around events, its lines folded and ended with CRLF as RFC 5545 asks. */
export function calendarFile(place: Pick<CalendarPlace, "name">, properties: string[], events: string[][]): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(place.name)}//Bookings//EN`,
    "CALSCALE:GREGORIAN",
    ...properties,
    ...events.flat(),
    "END:VCALENDAR",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** An instant as a calendar file writes it in UTC: 20261201T150000Z. */
export const utcStamp = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
const compactDate = (date: string) => date.replace(/-/g, "");

/**
 * A TEXT value (RFC 5545 3.3.11), the one way any text reaches a calendar file: backslash,
 * semicolon and comma escaped; every line break (CRLF, a lone CR or LF, and the Unicode ones) as
 * \n; a tab as a space; no other control character at all. A raw CR or LF would end the property
 * there, and calendar programs would read what follows as a property of its own (an ATTENDEE, say).
 */
export function escapeText(value: string): string {
  return value
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, "\\n")
    .replace(/\t/g, " ")
    .replace(/\p{Cc}/gu, "");
}

/** A character's length in UTF-8, from its code point (encoding each one cost a booking ~0.1 ms). */
const utf8Octets = (char: string) => {
  const code = char.codePointAt(0)!;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

/**
 * Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1), split
 * between characters, never inside one's UTF-8 bytes.
 */
function fold(line: string): string {
  if (line.length <= 75 && !/[^\p{ASCII}]/u.test(line)) return line;
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}
