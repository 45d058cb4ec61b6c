import { createRoute, z } from "@hono/zod-openapi";
import { reportCsv } from "~/features/reports/report-csv";
import {
  checkRange,
  CSV_SECTIONS,
  rangeFields,
  RANGE_DAYS_MAX,
  rangeQuerySchema,
  reportSchema,
  summarySchema,
} from "~/features/reports/reports.schema";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const rangeDescription =
  "from and to are days (YYYY-MM-DD) in the business's time zone, both counted, from ≤ to, at most " +
  `${RANGE_DAYS_MAX} days. A visit is in the range by its day; a booking is requested in it by when it was made. ` +
  "Revenue is the priced lines' total after the promo, in dollars; cancelled visits and no-shows never count.";

const summaryRoute = createRoute({
  method: "get",
  path: "/reports/summary",
  summary: "The headline figures of a range (admins)",
  description: rangeDescription,
  request: { query: rangeQuerySchema },
  responses: {
    200: jsonResponse(summarySchema.meta({ id: "ReportSummary" }), "The figures"),
    400: errorResponse("Invalid from or to, from after to, or a range too long"),
    ...adminErrors,
  },
});

const reportRoute = createRoute({
  method: "get",
  path: "/reports",
  summary: "The whole report of a range, with the range before it (admins)",
  description: `${rangeDescription} The range before has as many days and ends the day before from.`,
  request: { query: rangeQuerySchema },
  responses: {
    200: jsonResponse(reportSchema.meta({ id: "Report" }), "The report"),
    400: errorResponse("Invalid from or to, from after to, or a range too long"),
    ...adminErrors,
  },
});

const csvRoute = createRoute({
  method: "get",
  path: "/reports/csv",
  summary: "One table of the report as CSV (admins)",
  description: `${rangeDescription} section: ${CSV_SECTIONS.join(", ")}. Cells a spreadsheet would run as formulas start with an apostrophe.`,
  request: { query: z.object({ ...rangeFields, section: z.enum(CSV_SECTIONS) }).superRefine(checkRange) },
  responses: {
    200: { description: "CSV with a header row", content: { "text/csv": { schema: z.string() } } },
    400: errorResponse("Invalid section, from or to"),
    ...adminErrors,
  },
});

export function registerReportRoutes(api: Api) {
  api.openapi(summaryRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.reports.summary(await c.var.actor(), c.req.valid("query")), 200);
  });

  api.openapi(reportRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.reports.report(await c.var.actor(), c.req.valid("query")), 200);
  });

  api.openapi(csvRoute, async (c) => {
    const { from, to, section } = c.req.valid("query");
    const report = await c.var.services.reports.report(await c.var.actor(), { from, to });
    c.header("Content-Type", "text/csv; charset=utf-8");
    c.header("Content-Disposition", `attachment; filename="report-${section}-${from}-${to}.csv"`);
    c.header("Cache-Control", "private, no-store");
    return c.body(reportCsv(report, section), 200);
  });
}
