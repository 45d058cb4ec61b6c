import { CSV_BYTE_ORDER_MARK, csvLine } from "~/lib/csv";
import { WEEKDAY_NAMES, type CsvSection, type Report } from "./reports.schema";

/** Each section's table as CSV (the page's tables, the same numbers): header row, then a row per line. */
export function reportCsv(report: Report, section: CsvSection): string {
  const table = reportTable(report, section);
  return CSV_BYTE_ORDER_MARK + table.map(csvLine).join("");
}

type Cell = string | number | null;

export function reportTable(report: Report, section: CsvSection): Cell[][] {
  switch (section) {
    case "summary": {
      const { summary, previous } = report;
      const keys = Object.keys(summary).filter((k) => k !== "from" && k !== "to") as (keyof typeof summary)[];
      return [
        ["figure", `${summary.from} to ${summary.to}`, `${previous.from} to ${previous.to}`],
        ...keys.map((k) => [k, summary[k], previous[k]]),
      ];
    }
    case "days":
      return [
        ["date", "bookings", "visits", "revenueBooked", "revenueCompleted", "takings", "cancellations", "noShows"],
        ...report.days.map((d) => [
          d.date,
          d.bookings,
          d.visits,
          d.revenueBooked,
          d.revenueCompleted,
          d.takings,
          d.cancellations,
          d.noShows,
        ]),
      ];
    case "bay-use":
      return [
        ["weekday", "slot", "used", "offered"],
        ...report.bayUse.map((c) => [WEEKDAY_NAMES[c.weekday]!, c.slot, c.used, c.offered]),
      ];
    case "mix":
      return [["kind", "label", "count", "revenue"], ...report.mix.map((m) => [m.kind, m.label, m.count, m.revenue])];
  }
}
