/** The calendar date (YYYY-MM-DD) it is now in the business's time zone: what "today" means for bookings. */
export function businessToday(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}
