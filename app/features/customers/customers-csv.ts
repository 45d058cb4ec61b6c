import { CSV_BYTE_ORDER_MARK, csvLine } from "~/lib/csv";
import type { CustomerRow } from "./customers.schema";

/** The columns of the Customers export, in order, with how each is read from a row. */
const COLUMNS: [header: string, value: (c: CustomerRow) => string | number | null][] = [
  ["Name", (c) => c.fullName],
  ["Email", (c) => c.email],
  ["Phone", (c) => c.phone],
  ["Account", (c) => (c.account ? "yes" : "no")],
  ["Visits", (c) => c.visits],
  ["Last visit", (c) => c.lastVisit],
  ["Total spent", (c) => c.spent],
  ["Bookings", (c) => c.bookings],
  ["Cancellations", (c) => c.cancellations],
  ["No-shows", (c) => c.noShows],
  ["Vehicles", (c) => c.vehicles],
  ["Latest vehicle", (c) => c.vehicle],
  ["Plates", (c) => c.plates.join(" ")],
  ["Next service due", (c) => c.nextServiceDue],
];

/** The file's start: the byte-order mark, then the header row. */
export function customersCsvHeader(): string {
  return CSV_BYTE_ORDER_MARK + csvLine(COLUMNS.map(([header]) => header));
}

export function customersCsvRows(rows: CustomerRow[]): string {
  return rows.map((c) => csvLine(COLUMNS.map(([, value]) => value(c)))).join("");
}
