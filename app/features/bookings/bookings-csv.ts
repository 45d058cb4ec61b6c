import { CSV_BYTE_ORDER_MARK, csvLine } from "~/lib/csv";
import { packageLabel, type Booking } from "./bookings.schema";
import { bookingReference } from "./visit-text";
import { addOnNames, bookingVehicleName } from "./visit-summary";

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

/** The file's start: the byte-order mark, then the header row. */
export function bookingsCsvHeader(): string {
  return CSV_BYTE_ORDER_MARK + csvLine(COLUMNS.map(([header]) => header));
}

export function bookingsCsvRows(bookings: Booking[]): string {
  return bookings.map((b) => csvLine(COLUMNS.map(([, value]) => value(b)))).join("");
}
