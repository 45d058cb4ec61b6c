import { OPENING_HOURS, formatPeriod } from "~/lib/opening-hours";

export function OpeningHoursList({ className = "" }: { className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 ${className}`}>
      {OPENING_HOURS.map((h) => (
        <div key={h.label} className="contents">
          <dt className="font-semibold">{h.label}</dt>
          <dd>{formatPeriod(h)}</dd>
        </div>
      ))}
    </dl>
  );
}
