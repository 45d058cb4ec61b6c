import { formatPeriod, periodDays } from "~/lib/opening-hours";
import { useLocale } from "~/lib/i18n/use-locale";
import { useOpeningHours } from "~/lib/use-opening-hours";

export function OpeningHoursList({ className = "" }: { className?: string }) {
  const hours = useOpeningHours();
  const locale = useLocale();
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 ${className}`}>
      {hours.map((h) => (
        <div key={h.label} className="contents">
          <dt className="font-semibold">{periodDays(h, locale)}</dt>
          <dd>{formatPeriod(h, locale)}</dd>
        </div>
      ))}
    </dl>
  );
}
