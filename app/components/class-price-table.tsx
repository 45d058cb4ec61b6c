import { Trans, useLingui } from "@lingui/react/macro";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { formatPrice } from "~/lib/money";
import { useLocale } from "~/lib/i18n/use-locale";
import { formatLength } from "~/lib/service-length";

/** One size class's price and length, as the catalogue gives it (pricing's ClassQuote). */
export interface ClassPriceRow {
  classId: string;
  className: string;
  price: number;
  minutes: number;
}

/**
 * A package's or service's price and length for each vehicle size ("Small · Coupe, Car — $189.99,
 * 4 hr"), on the pricing, package and service pages. `vehicles` names the types under each class.
 */
export function ClassPriceTable({
  prices,
  vehicles,
  caption,
  className = "",
}: {
  prices: readonly ClassPriceRow[];
  vehicles?: Readonly<Record<string, readonly string[]>>;
  caption: string;
  className?: string;
}) {
  const locale = useLocale();
  const { t } = useLingui();
  return (
    <table className={`relative w-full text-sm ${className}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">
            <Trans>Vehicle size</Trans>
          </th>
          <th scope="col">
            <Trans>Price</Trans>
          </th>
          <th scope="col">
            <Trans>Takes</Trans>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {prices.map((row) => {
          const types = vehicles?.[row.classId] ?? [];
          return (
            <tr key={row.classId}>
              <th scope="row" className="py-1.5 pr-3 text-left align-top font-semibold text-slate-800">
                {row.className}
                {types.length > 0 && (
                  <span className="block text-xs font-normal text-slate-600">
                    {types.map((type) => t(catalogueName(type))).join(", ")}
                  </span>
                )}
              </th>
              <td className="py-1.5 text-right align-top font-bold whitespace-nowrap text-slate-900 tabular-nums">
                {formatPrice(row.price)}
              </td>
              <td className="py-1.5 pl-3 text-right align-top whitespace-nowrap text-slate-600">
                {formatLength(row.minutes, locale)}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
