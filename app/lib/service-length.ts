/**
 * A service's length in whole minutes: what an admin sets on a package, what a booking keeps, and
 * how customers read it ("1 hr 30 min"). Browser-safe.
 */
export const LENGTH_MIN = 5;
export const LENGTH_MAX = 12 * 60;
export const LENGTH_MESSAGE = `Length must be whole minutes from ${LENGTH_MIN} to ${LENGTH_MAX}`;
/** The length of a package whose length nobody gave (nor its duration text): an hour. */
export const DEFAULT_LENGTH = 60;

/** "30 min", "1 hr", "1 hr 30 min", "4 hr"; in Spanish "1 h 30 min" (the site's languages). */
export function formatLength(minutes: number, language: "en" | "es" = "en"): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hr = language === "es" ? "h" : "hr";
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} ${hr}` : `${hours} ${hr} ${rest} min`;
}

/**
 * Reads a package's duration text ("30 minutes", "1 hour", "1.5 hours", "about 4 hours",
 * "1 hr 30 min") as minutes, within the allowed lengths; text it cannot read gives an hour.
 * The migration that introduced lengths applies the same rule in SQL (drizzle/0007).
 */
export function minutesFromDuration(text: string | null | undefined): number {
  if (!text) return DEFAULT_LENGTH;
  const hours = /(\d+(?:\.\d+)?)\s*h/i.exec(text);
  const minutesAfterHours = /h[a-z]*\s*(\d+)\s*m/i.exec(text);
  const minutesOnly = /(\d+)\s*m/i.exec(text);
  const minutes = hours
    ? Math.round(Number(hours[1]) * 60) + (minutesAfterHours ? Number(minutesAfterHours[1]) : 0)
    : minutesOnly
      ? Number(minutesOnly[1])
      : DEFAULT_LENGTH;
  return Math.min(LENGTH_MAX, Math.max(LENGTH_MIN, minutes));
}

/** How long a package takes, as customers read it: its own words when it has them, else its length. */
export function lengthText(plan: { duration: string | null; minutes: number }, language: "en" | "es" = "en"): string {
  return plan.duration?.trim() || formatLength(plan.minutes, language);
}
