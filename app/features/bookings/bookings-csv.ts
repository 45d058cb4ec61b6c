import { packageLabel, type Booking } from "./bookings.schema";
import { bookingReference } from "./visit-text";
import { addOnNames, bookingVehicleName } from "./visit-summary";

/**
 * UTF-8's byte-order mark: without it Excel reads the file as Windows-1252, and "09:00–11:00" or
 * "Zoë" come out garbled.
 */
const BYTE_ORDER_MARK = "\uFEFF";

/** The columns of the Manage Bookings export, in order, with how each is read from a booking. */
const COLUMNS: [header: string, value: (b: Booking) => string | number | null][] = [
  // The reference printed on every confirmation and e-mail, which callers quote.
  ["Reference", (b) => bookingReference(b._id)],
  ["Requested at (UTC)", (b) => b.createdAt],
  ["Status", (b) => b.status],
  ["Date", (b) => b.preferredDate],
  ["Time slot", (b) => b.preferredTimeSlot],
  ["Full name", (b) => b.fullName],
  ["Phone", (b) => b.phone],
  ["Email", (b) => b.email],
  ["Vehicle type", (b) => b.vehicleType],
  ["Vehicle year", (b) => b.vehicleYear],
  ["Service", (b) => b.serviceType],
  ["Package selection", (b) => b.packageSelection],
  ["Package", packageLabel],
  ["Package price", (b) => b.packagePrice],
  ["Promo code", (b) => b.promoCode],
  ["Discount", (b) => b.discount],
  ["Final price", (b) => b.finalPrice],
  ["Special instructions", (b) => b.specialInstructions],
  // Added with prices by the vehicle (issue 27), after the columns staff's sheets already read by place.
  ["Vehicle", bookingVehicleName],
  ["Add-ons", (b) => addOnNames(b).join("; ")],
  ["Total", (b) => b.total],
  ["Minutes", (b) => b.minutes],
];

/**
 * One CSV field (RFC 4180). Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe: customers type these fields, staff open the file in Excel.
 */
function field(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The file's start: the byte-order mark, then the header row. */
export function bookingsCsvHeader(): string {
  return BYTE_ORDER_MARK + COLUMNS.map(([header]) => field(header)).join(",") + "\r\n";
}

export function bookingsCsvRows(bookings: Booking[]): string {
  return bookings.map((b) => COLUMNS.map(([, value]) => field(value(b))).join(",") + "\r\n").join("");
}
