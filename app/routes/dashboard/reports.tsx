import { z } from "zod";
import type { Route } from "./+types/reports";
import { rangeText, RangePicker, ReportBody } from "~/features/reports/report-page";
import { PRESETS, presetRange, rangeFields, rangeQuerySchema, type PresetId } from "~/features/reports/reports.schema";
import { requirePage } from "~/features/users/page-access.server";
import { businessToday } from "~/lib/business-date";
import { pageSearch } from "~/lib/page-search";

const searchSchema = z.object({
  preset: z.enum(PRESETS.map((p) => p.id) as [PresetId, ...PresetId[]]),
  ...rangeFields,
});

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/reports");
  const { services, site } = args.context;
  const search = pageSearch(new URL(args.request.url), searchSchema);
  const today = businessToday(site.timeZone);
  let problem: string | null = null;
  let preset: PresetId | null = null;
  let range: { from: string; to: string } | null = null;
  if (search.from && search.to) {
    const parsed = rangeQuerySchema.safeParse({ from: search.from, to: search.to });
    if (parsed.success) range = parsed.data;
    else problem = parsed.error.issues[0]?.message ?? "That range cannot be shown.";
  }
  if (!range) {
    preset = search.preset ?? "this-month";
    range = presetRange(preset, today);
  }
  const report = await services.reports.report(actor, range);
  return { report, preset, problem, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Reports | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** Dashboard → Reports (issue 30): a range's figures against the range before, charts and their tables. */
export default function ReportsPage({ loaderData }: Route.ComponentProps) {
  const { report, preset, problem, siteName } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Reports</h1>
      <p className="mt-1 text-slate-700">
        <span className="hidden print:inline">{siteName}: </span>
        {rangeText(report.summary)}, in the business's time zone. Visits count by their day; bookings by the day they
        were made. Cancelled visits and no-shows never count as revenue.
      </p>
      <RangePicker preset={preset} range={report.summary} />
      {problem && (
        <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem} Showing {rangeText(report.summary)} instead.
        </p>
      )}
      <ReportBody report={report} />
    </>
  );
}
