/**
 * A membership's days (issue 47): the business's dates, YYYY-MM-DD. A month on from Jan 31 is
 * Feb 28 (or 29): the last day of a shorter month, never a day of the month after.
 */
export function addPeriod(date: string, period: "month" | "year"): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const months = period === "month" ? 1 : 12;
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** A plate as the counter matches it: letters and digits, upper case ("abc 123" is "ABC123"). */
export const normalPlate = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, "");
