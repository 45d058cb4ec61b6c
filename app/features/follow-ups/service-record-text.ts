import { formatPrice } from "~/lib/money";
import { CSV_BYTE_ORDER_MARK, csvLine } from "~/lib/csv";
import type { OilType } from "./follow-ups.schema";
import type { DueVehicle } from "./service-records.schema";

/**
 * How a service record is said: on the visit, on the windshield sticker and in the due list's CSV.
 * Dates are calendar days (YYYY-MM-DD), read as such: no time zone moves them.
 */

const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const COUNT = new Intl.NumberFormat("en-US");

/** "Mar 3, 2027". */
export function dayText(day: string): string {
  return DAY.format(new Date(`${day}T00:00:00Z`));
}

/** "41,500 miles". */
export function milesText(miles: number): string {
  return `${COUNT.format(miles)} miles`;
}

/** "Mar 3, 2027 or 41,500 miles": whichever comes first. */
export function nextDueText(due: { nextDueDate: string; nextDueMileage: number }): string {
  return `${dayText(due.nextDueDate)} or ${milesText(due.nextDueMileage)}`;
}

/** The columns of the due list's CSV, in order. */
const COLUMNS: [header: string, value: (v: DueVehicle) => string | number][] = [
  ["Due date", (v) => v.nextDueDate],
  ["Due mileage", (v) => v.nextDueMileage],
  ["State", (v) => (v.booked ? "Booked" : v.overdue ? "Overdue" : "Due soon")],
  ["Full name", (v) => v.fullName],
  ["Phone", (v) => v.phone],
  ["Email", (v) => v.email],
  ["Vehicle", (v) => v.vehicle],
  ["Plate", (v) => v.plate],
  ["Last visit", (v) => v.lastVisit],
  ["Odometer at last visit", (v) => v.lastOdometer],
  ["Oil", (v) => v.oilName],
];

/** The due list as a file for a spreadsheet: the byte-order mark, a header row, one row per vehicle. */
export function serviceDueCsv(vehicles: DueVehicle[]): string {
  return (
    CSV_BYTE_ORDER_MARK +
    csvLine(COLUMNS.map(([header]) => header)) +
    vehicles.map((v) => csvLine(COLUMNS.map(([, value]) => value(v)))).join("")
  );
}

/**
 * An id for a new oil type, from its name ("Diesel 5W-40" → "diesel-5w-40"), unlike any taken: a
 * record keeps its oil's id, so an oil's id never changes once it is saved.
 */
export function oilTypeId(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize("NFKD")
      // The accents NFKD split off their letters: "é" is "e".
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 32)
      .replace(/-+$/, "") || "oil";
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * The oil a visit's lines name ("Full Synthetic Oil Change (Small)" → Full synthetic), so staff
 * only confirm it; the longest name that fits wins ("Synthetic blend" over "Synthetic"). None: "".
 */
export function guessOilType(lines: readonly { label: string }[], oilTypes: readonly OilType[]): string {
  const text = lines.map((line) => line.label.toLowerCase()).join(" | ");
  const named = oilTypes.filter((oil) => text.includes(oil.name.toLowerCase()));
  return named.sort((a, b) => b.name.length - a.name.length)[0]?.id ?? "";
}

/** The oil a visit was booked with (decision 048): its own oil when priced with one, else the oil its lines name. */
export function bookedOil(
  booking: { oilType?: string | null; lines: readonly { label: string }[] },
  oilTypes: readonly OilType[],
): string {
  if (booking.oilType && oilTypes.some((oil) => oil.id === booking.oilType)) return booking.oilType;
  return guessOilType(booking.lines, oilTypes);
}

/**
 * What the staff are told when the oil used is not the oil booked: the price follows the oil
 * ("Booked with Conventional: Full synthetic costs $35.00 more."). Null when they agree or either is unknown.
 */
export function oilPriceNote(booked: string, used: string, oilTypes: readonly OilType[]): string | null {
  const [was, now] = [oilTypes.find((o) => o.id === booked), oilTypes.find((o) => o.id === used)];
  if (!was || !now || was.id === now.id) return null;
  const difference = Math.round((now.price - was.price) * 100) / 100;
  if (difference === 0) return `Booked with ${was.name}: ${now.name} costs the same.`;
  const amount = formatPrice(Math.abs(difference));
  return `Booked with ${was.name}: ${now.name} costs ${amount} ${difference > 0 ? "more" : "less"}. Tell the customer the price changed.`;
}
