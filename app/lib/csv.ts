/**
 * The house's CSV (RFC 4180) for the files staff open in Excel: the bookings export, the service
 * due list. Browser-safe.
 */

/**
 * UTF-8's byte-order mark: without it Excel reads the file as Windows-1252, and "09:00–11:00" or
 * "Zoë" come out garbled.
 */
export const CSV_BYTE_ORDER_MARK = "\uFEFF";

/**
 * One CSV field. Text a spreadsheet would run as a formula (=, +, -, @, tab, CR at the start) gets
 * a leading apostrophe: customers type these fields, staff open the file in Excel.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of a CSV file, with its CRLF. */
export function csvLine(values: (string | number | null)[]): string {
  return values.map(csvField).join(",") + "\r\n";
}
