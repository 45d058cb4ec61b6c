import { formatPeriod } from "~/lib/opening-hours";
import { useOpeningHours } from "~/lib/use-opening-hours";

export function OpeningHoursList({ className = "" }: { className?: string }) {
  const hours = useOpeningHours();
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 ${className}`}>
      {hours.map((h) => (
        <div key={h.label} className="contents">
          <dt className="font-semibold">{h.label}</dt>
          <dd>{formatPeriod(h)}</dd>
        </div>
      ))}
    </dl>
  );
}
