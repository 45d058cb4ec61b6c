import { Download } from "lucide-react";
import { formatMoney } from "~/features/till/till.schema";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { arrivalText, slotHours } from "~/features/bookings/bookings.schema";
import { BarChart, ColumnChart, HeatMap } from "./charts";
import {
  PRESETS,
  WEEKDAY_NAMES,
  type CsvSection,
  type MixRow,
  type PresetId,
  type Report,
  type ReportSummary,
} from "./reports.schema";

const money = (n: number) =>
  n.toLocaleString("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });
const whole = (n: number) => n.toLocaleString("en-US");
const percent = (n: number) => `${(n * 100).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
const shortDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });
const rangeText = (r: { from: string; to: string }) =>
  r.from === r.to ? longDate(r.from) : `${longDate(r.from)} – ${longDate(r.to)}`;

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

interface Figure {
  label: string;
  value: (s: ReportSummary) => number | null;
  format: (n: number) => string;
  note?: (s: ReportSummary) => string;
}

const FIGURES: Figure[] = [
  { label: "Bookings requested", value: (s) => s.bookings, format: whole },
  { label: "Visits completed", value: (s) => s.completedVisits, format: whole },
  { label: "Revenue booked", value: (s) => s.revenueBooked, format: money },
  {
    label: "Money taken",
    value: (s) => s.takings,
    format: formatMoney,
    note: () => "at the till, less refunds, tips apart",
  },
  { label: "Revenue from completed visits", value: (s) => s.revenueCompleted, format: money },
  {
    label: "Wash Club visits",
    value: (s) => s.clubVisits,
    format: whole,
    note: (s) => `${Math.round(s.clubShare * 100)}% of visits; ${formatMoney(s.clubRevenue)} of memberships sold`,
  },
  { label: "Average ticket", value: (s) => s.averageTicket, format: money },
  {
    label: "WASH5 discounts given",
    value: (s) => s.wash5Discount,
    format: money,
    note: (s) => `on ${whole(s.wash5Visits)} ${s.wash5Visits === 1 ? "visit" : "visits"}`,
  },
  {
    label: "Cancellations",
    value: (s) => s.cancellations,
    format: whole,
    note: (s) => `${percent(s.cancellationRate)} of ${whole(s.visits)} visits`,
  },
  {
    label: "No-shows",
    value: (s) => s.noShows,
    format: whole,
    note: (s) => `${percent(s.noShowRate)} of ${whole(s.visits)} visits`,
  },
  { label: "New customers", value: (s) => s.newCustomers, format: whole },
  { label: "Returning customers", value: (s) => s.returningCustomers, format: whole },
  {
    label: "Lead time, request to visit",
    value: (s) => s.leadTimeDays,
    format: (n) => `${n.toLocaleString("en-US")} ${n === 1 ? "day" : "days"}`,
  },
  { label: "Waitlist entries", value: (s) => s.waitlistEntries, format: whole },
  {
    label: "Reviews published",
    value: (s) => s.reviewsPublished,
    format: whole,
    note: (s) => (s.averageRating === null ? "no rating yet" : `average rating ${s.averageRating} of 5`),
  },
];

function change(now: number | null, before: number | null): string {
  if (now === null || before === null) return "";
  if (before === 0) return now === 0 ? "no change" : "new";
  const delta = (now - before) / before;
  if (Math.abs(delta) < 0.0005) return "no change";
  return `${delta > 0 ? "▲ +" : "▼ −"}${percent(Math.abs(delta))}`;
}

function csvHref(section: CsvSection, range: { from: string; to: string }) {
  return `/api/reports/csv?section=${section}&from=${range.from}&to=${range.to}`;
}

function CsvLink({ section, range, what }: { section: CsvSection; range: { from: string; to: string }; what: string }) {
  return (
    <a
      href={csvHref(section, range)}
      download
      className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 print:hidden"
    >
      <Download aria-hidden className="size-4" />
      CSV of {what}
    </a>
  );
}

function Section({ title, children, csv }: { title: string; children: ReactNode; csv: ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, "-");
  return (
    <section aria-labelledby={id} className="mt-10 break-inside-avoid-page">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={id} className="text-xl font-bold text-slate-900">
          {title}
        </h2>
        {csv}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/**
 * A table of the chart's numbers, beside it on a wide screen, under it otherwise and on paper. Its
 * frame scrolls (a month of days, a week of windows on a phone), so it takes the keyboard's focus
 * and is named for a screen reader by the table's caption.
 */
function DataTable({ caption, head, rows }: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div
      role="region"
      aria-label={`Table: ${caption}`}
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-3 focus-visible:outline-brand-600 print:max-h-none print:overflow-visible"
    >
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left font-semibold text-slate-800">{caption}</caption>
        <thead className="sticky top-0 bg-slate-100 text-left text-slate-700">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-1.5 font-semibold ${i > 0 ? "text-right" : ""}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t border-slate-100">
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-3 py-1 text-left font-normal whitespace-nowrap text-slate-800">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="px-3 py-1 text-right tabular-nums text-slate-800">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ChartAndTable({ chart, table, stacked = false }: { chart: ReactNode; table: ReactNode; stacked?: boolean }) {
  return (
    <div className={`grid gap-4 print:block ${stacked ? "" : "xl:grid-cols-[3fr_2fr]"}`}>
      <figure className="rounded-lg border border-slate-200 bg-white p-3 print:mb-3 print:break-inside-avoid">
        {chart}
      </figure>
      {table}
    </div>
  );
}

const MIX_KINDS: { kind: MixRow["kind"]; title: string; one: string }[] = [
  { kind: "package", title: "Packages", one: "Package" },
  { kind: "service", title: "Services", one: "Service" },
  { kind: "add-on", title: "Add-ons", one: "Add-on" },
  { kind: "vehicle-class", title: "Vehicle classes", one: "Vehicle class" },
];

/** The range picker: presets as links, any dates as a GET form (both work before JavaScript runs). */
export function RangePicker({ preset, range }: { preset: PresetId | null; range: { from: string; to: string } }) {
  return (
    <div className="mt-5 flex flex-wrap items-end gap-x-6 gap-y-3 print:hidden">
      <nav aria-label="Range" className="flex flex-wrap items-center gap-2">
        {PRESETS.map((p) => (
          <Link
            key={p.id}
            to={`?preset=${p.id}`}
            aria-current={p.id === preset ? "page" : undefined}
            className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 aria-[current=page]:border-brand-800 aria-[current=page]:bg-brand-800 aria-[current=page]:text-white"
          >
            {p.label}
          </Link>
        ))}
      </nav>
      <form method="get" className="flex flex-wrap items-end gap-2">
        <label className="text-sm font-semibold text-slate-800">
          From
          <input
            type="date"
            name="from"
            defaultValue={range.from}
            required
            className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal"
          />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          To
          <input
            type="date"
            name="to"
            defaultValue={range.to}
            required
            className="mt-1 block rounded-md border border-slate-300 bg-white px-2 py-1.5 font-normal"
          />
        </label>
        <button
          type="submit"
          className="rounded-md bg-brand-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-900"
        >
          Show
        </button>
      </form>
    </div>
  );
}

export function ReportBody({ report }: { report: Report }) {
  const { summary, previous, days, bayUse, bayWindows, mix, clubMembers } = report;
  const range = { from: summary.from, to: summary.to };
  const tickEvery = Math.max(1, Math.ceil(days.length / 10));
  const windows = bayWindows.map((w) => w.slot);
  // As every page says a time ("9–11 AM"), and only the hours the shop is open ("5–6 PM", not "5–7 PM").
  const windowNames = bayWindows.map((w) => {
    const hours = slotHours(w.open);
    return hours ? arrivalText(hours) : w.open;
  });
  const rows = WEEK_ORDER.map((d) => WEEKDAY_NAMES[d]!.slice(0, 3));
  const cellOf = (weekday: number, slot: string) => bayUse.find((c) => c.weekday === weekday && c.slot === slot);
  const used = bayUse.reduce((n, c) => n + c.used, 0);
  const offered = bayUse.reduce((n, c) => n + c.offered, 0);
  return (
    <>
      <section aria-labelledby="figures" className="mt-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="figures" className="text-xl font-bold text-slate-900">
            Figures
          </h2>
          <CsvLink section="summary" range={range} what="the figures" />
        </div>
        <p className="mt-1 text-sm text-slate-700">Each compared with {rangeText(previous)}.</p>
        <dl className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4 print:grid-cols-3">
          {FIGURES.map((f) => {
            const now = f.value(summary);
            const before = f.value(previous);
            return (
              <div key={f.label} className="rounded-lg border border-slate-200 bg-white p-4 print:break-inside-avoid">
                <dt className="text-sm font-semibold text-slate-700">{f.label}</dt>
                <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">
                  {now === null ? "—" : f.format(now)}
                </dd>
                {f.note && <dd className="text-sm text-slate-700">{f.note(summary)}</dd>}
                <dd className="mt-1 text-sm text-slate-600">
                  {change(now, before)} {before !== null && <>(before: {f.format(before)})</>}
                </dd>
              </div>
            );
          })}
        </dl>
      </section>

      <Section title="Bookings and revenue per day" csv={<CsvLink section="days" range={range} what="the days" />}>
        <ChartAndTable
          chart={
            <>
              <h3 className="text-sm font-semibold text-slate-800">Revenue booked per visit day</h3>
              <ColumnChart
                name={`Revenue booked per day, ${rangeText(range)}`}
                data={days.map((d) => ({ label: shortDate(d.date), value: d.revenueBooked }))}
                format={(n) => `$${whole(n)}`}
                tickEvery={tickEvery}
              />
              <h3 className="mt-4 text-sm font-semibold text-slate-800">Bookings requested per day</h3>
              <ColumnChart
                name={`Bookings requested per day, ${rangeText(range)}`}
                data={days.map((d) => ({ label: shortDate(d.date), value: d.bookings }))}
                tickEvery={tickEvery}
                wholeTicks
              />
            </>
          }
          table={
            <DataTable
              caption="Bookings and revenue per day"
              head={["Day", "Bookings", "Visits", "Revenue booked", "Revenue completed", "Money taken"]}
              rows={days.map((d) => [
                longDate(d.date),
                whole(d.bookings),
                whole(d.visits),
                money(d.revenueBooked),
                money(d.revenueCompleted),
                formatMoney(d.takings),
              ])}
            />
          }
        />
      </Section>

      <Section title="Bay use" csv={<CsvLink section="bay-use" range={range} what="bay use" />}>
        <p className="mb-3 text-sm text-slate-700">
          Places used against places offered, by weekday and arrival window: {whole(used)} of {whole(offered)} (
          {offered ? percent(used / offered) : "0%"}). The paler the cell, the emptier the hour; grey, and “—” in the
          table, where no place was offered.
        </p>
        <ChartAndTable
          stacked
          chart={
            <HeatMap
              name={`Bay use by weekday and window, ${rangeText(range)}: darker is fuller`}
              rows={rows}
              columns={windowNames}
              cells={WEEK_ORDER.flatMap((d, j) =>
                windows.map((slot, i) => {
                  const c = cellOf(d, slot);
                  return { row: rows[j]!, column: windowNames[i]!, share: c && c.offered ? c.used / c.offered : null };
                }),
              )}
            />
          }
          table={
            <DataTable
              caption="Places used of places offered"
              head={["Weekday", ...windowNames]}
              rows={WEEK_ORDER.map((d) => [
                WEEKDAY_NAMES[d]!,
                ...windows.map((slot) => {
                  const c = cellOf(d, slot);
                  // Not offered: the shop was closed, or the range has no such weekday.
                  return c && c.offered ? `${c.used} / ${c.offered}` : c?.used ? `${c.used} / —` : "—";
                }),
              ])}
            />
          }
        />
      </Section>

      <Section title="The mix" csv={<CsvLink section="mix" range={range} what="the mix" />}>
        <p className="mb-3 text-sm text-slate-700">
          By revenue, from the priced lines of visits not cancelled and not no-shows.
        </p>
        {MIX_KINDS.map(({ kind, title, one }) => {
          const lines = mix.filter((m) => m.kind === kind);
          return (
            <div key={kind} className="mt-4 print:break-inside-avoid">
              <h3 className="text-base font-semibold text-slate-900">{title}</h3>
              {lines.length === 0 ? (
                <p className="text-sm text-slate-700">None in this range.</p>
              ) : (
                <ChartAndTable
                  chart={
                    <BarChart
                      name={`${title} by revenue, ${rangeText(range)}`}
                      data={lines.map((m) => ({ label: m.label, value: m.revenue }))}
                      format={money}
                    />
                  }
                  table={
                    <DataTable
                      caption={`${title}: count and revenue`}
                      head={[one, "Count", "Revenue"]}
                      rows={lines.map((m) => [m.label, whole(m.count), money(m.revenue)])}
                    />
                  }
                />
              )}
            </div>
          );
        })}
        <div className="mt-4 print:break-inside-avoid">
          <h3 className="text-base font-semibold text-slate-900">Wash Club members</h3>
          {clubMembers.length === 0 ? (
            <p className="text-sm text-slate-700">No member on the range's last day.</p>
          ) : (
            <DataTable
              caption="Wash Club members by plan, on the range's last day"
              head={["Plan", "Members"]}
              rows={clubMembers.map((m) => [m.plan, whole(m.members)])}
            />
          )}
        </div>
      </Section>

      <Section title="Cancellations and no-shows" csv={<CsvLink section="days" range={range} what="the days" />}>
        <p className="mb-3 text-sm text-slate-700">
          {percent(summary.cancellationRate)} of visits cancelled, {percent(summary.noShowRate)} no-shows (before:{" "}
          {percent(previous.cancellationRate)} and {percent(previous.noShowRate)}).
        </p>
        <ChartAndTable
          chart={
            <ColumnChart
              name={`Cancellations and no-shows per visit day, ${rangeText(range)}`}
              data={days.map((d) => ({ label: shortDate(d.date), value: d.cancellations + d.noShows }))}
              tickEvery={tickEvery}
              wholeTicks
            />
          }
          table={
            <DataTable
              caption="Cancellations and no-shows per day"
              head={["Day", "Visits", "Cancelled", "No-shows"]}
              rows={days.map((d) => [longDate(d.date), whole(d.visits), whole(d.cancellations), whole(d.noShows)])}
            />
          }
        />
      </Section>
    </>
  );
}

export { rangeText };
