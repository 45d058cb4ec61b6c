import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { HeatmapRect } from "@visx/heatmap";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

/**
 * The report's charts: visx draws them as SVG on the server, in a fixed viewBox that scales to
 * its box (no measuring the page), in the dashboard's colours. Each is an image with a name; the
 * numbers are in the table beside it (report-page.tsx).
 */

const BRAND_600 = "#0b63b6";
const BRAND_900 = "#0b2f55";
const SLATE_600 = "#475569";
const TICK = { fill: SLATE_600, fontSize: 11, fontFamily: "inherit" } as const;

/**
 * Every chart's frame: an image named for a screen reader, its viewBox scaling to the box. Bars
 * print narrower (a page's width is plenty); the heat map keeps its width to stay readable.
 */
function ChartFrame({
  width,
  height,
  name,
  print = "narrow",
  children,
}: {
  width: number;
  height: number;
  name: string;
  print?: "narrow" | "full";
  children: React.ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={name}
      className={`h-auto w-full max-w-3xl${print === "narrow" ? " print:max-w-xl" : ""}`}
    >
      {children}
    </svg>
  );
}

export interface BarDatum {
  label: string;
  value: number;
}

/** Vertical bars, one per label (days), with a value axis. */
export function ColumnChart({
  data,
  name,
  format = String,
  tickEvery = 1,
  wholeTicks = false,
}: {
  data: BarDatum[];
  name: string;
  format?: (value: number) => string;
  /** Label every nth bar (a month of days would not fit). */
  tickEvery?: number;
  /** Counts: ticks only at whole numbers. */
  wholeTicks?: boolean;
}) {
  const width = 640;
  const height = 220;
  const margin = { top: 12, right: 8, bottom: 28, left: 56 };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand({ domain: data.map((d) => d.label), range: [0, innerWidth], padding: 0.2 });
  const max = Math.max(1, ...data.map((d) => d.value));
  const y = scaleLinear({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <ChartFrame width={width} height={height} name={name}>
      <Group left={margin.left} top={margin.top}>
        {data.map((d) => {
          const top = y(d.value);
          return (
            <Bar
              key={d.label}
              x={x(d.label)}
              y={top}
              width={x.bandwidth()}
              height={innerHeight - top}
              fill={BRAND_600}
            />
          );
        })}
        <AxisLeft
          scale={y}
          tickValues={y.ticks(4).filter((v) => !wholeTicks || Number.isInteger(v))}
          tickFormat={(v) => format(Number(v))}
          stroke={SLATE_600}
          tickStroke={SLATE_600}
          tickLabelProps={{ ...TICK, textAnchor: "end", dx: -4, dy: 3 }}
        />
        <AxisBottom
          scale={x}
          top={innerHeight}
          stroke={SLATE_600}
          tickStroke={SLATE_600}
          tickValues={data.filter((_, i) => i % tickEvery === 0).map((d) => d.label)}
          tickLabelProps={{ ...TICK, textAnchor: "middle" }}
        />
      </Group>
    </ChartFrame>
  );
}

/** Horizontal bars, one per label (the mix), the label at the left. */
export function BarChart({
  data,
  name,
  format = String,
}: {
  data: BarDatum[];
  name: string;
  format?: (value: number) => string;
}) {
  const width = 640;
  const row = 26;
  const margin = { top: 4, right: 72, bottom: 4, left: 200 };
  const height = margin.top + margin.bottom + Math.max(1, data.length) * row;
  const innerWidth = width - margin.left - margin.right;
  const y = scaleBand({ domain: data.map((d) => d.label), range: [0, data.length * row], padding: 0.25 });
  const x = scaleLinear({ domain: [0, Math.max(1, ...data.map((d) => d.value))], range: [0, innerWidth] });
  return (
    <ChartFrame width={width} height={height} name={name}>
      <Group left={margin.left} top={margin.top}>
        {data.map((d) => {
          const top = y(d.label) ?? 0;
          return (
            <g key={d.label}>
              <text x={-8} y={top + y.bandwidth() / 2} dy="0.35em" textAnchor="end" {...TICK} fontSize={12}>
                {d.label.length > 30 ? `${d.label.slice(0, 29)}…` : d.label}
              </text>
              <Bar x={0} y={top} width={x(d.value)} height={y.bandwidth()} fill={BRAND_600} />
              <text x={x(d.value) + 6} y={top + y.bandwidth() / 2} dy="0.35em" {...TICK} fontSize={12} fill={BRAND_900}>
                {format(d.value)}
              </text>
            </g>
          );
        })}
      </Group>
    </ChartFrame>
  );
}

export interface HeatCell {
  row: string;
  column: string;
  /** 0–1, or null where nothing was offered. */
  share: number | null;
}

/** Rows × columns of cells, darker the fuller (bay use: weekday × window). */
export function HeatMap({
  rows,
  columns,
  cells,
  name,
}: {
  rows: string[];
  columns: string[];
  cells: HeatCell[];
  name: string;
}) {
  const cellWidth = 96;
  const cellHeight = 28;
  const margin = { top: 24, left: 44 };
  const width = margin.left + columns.length * cellWidth;
  const height = margin.top + rows.length * cellHeight;
  const byKey = new Map(cells.map((c) => [`${c.row} ${c.column}`, c.share]));
  // HeatmapRect's shape: a column per bin of x, each with its bins of y.
  const binData = columns.map((column, i) => ({
    bin: i,
    bins: rows.map((row, j) => ({ bin: j, count: byKey.get(`${row} ${column}`) ?? -1 })),
  }));
  const xScale = scaleLinear({ domain: [0, columns.length], range: [0, columns.length * cellWidth] });
  const yScale = scaleLinear({ domain: [0, rows.length], range: [0, rows.length * cellHeight] });
  // From near white to the brand's blue (#0b63b6), by the share used; a window not offered is grey.
  const color = (share: number) => {
    if (share < 0) return "#f1f5f9";
    const t = 0.08 + Math.min(1, share) * 0.92;
    const mix = (to: number) => Math.round(255 + (to - 255) * t);
    return `rgb(${mix(0x0b)}, ${mix(0x63)}, ${mix(0xb6)})`;
  };
  return (
    <ChartFrame width={width} height={height} name={name} print="full">
      {columns.map((column, i) => (
        <text key={column} x={margin.left + i * cellWidth + cellWidth / 2} y={16} textAnchor="middle" {...TICK}>
          {column}
        </text>
      ))}
      {rows.map((row, j) => (
        <text
          key={row}
          x={margin.left - 6}
          y={margin.top + j * cellHeight + cellHeight / 2}
          dy="0.35em"
          textAnchor="end"
          {...TICK}
        >
          {row}
        </text>
      ))}
      <Group left={margin.left} top={margin.top}>
        <HeatmapRect
          data={binData}
          xScale={(i) => xScale(i)}
          yScale={(j) => yScale(j)}
          binWidth={cellWidth}
          binHeight={cellHeight}
          gap={2}
          count={(b: { count: number }) => b.count}
        >
          {(heatmap) =>
            heatmap.map((bins) =>
              bins.map((bin) => (
                <rect
                  key={`${bin.row}-${bin.column}`}
                  x={bin.x}
                  y={bin.y}
                  width={bin.width}
                  height={bin.height}
                  rx={3}
                  fill={color(bin.count ?? -1)}
                />
              )),
            )
          }
        </HeatmapRect>
      </Group>
    </ChartFrame>
  );
}
