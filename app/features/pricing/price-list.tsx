import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";
import type { ReactNode } from "react";
import { ClassPriceTable, type ClassPriceRow } from "~/components/class-price-table";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import type { AddOn, Oil, ServicePrice } from "./pricing.schema";

/**
 * The price list's single services, oils and add-ons (decision 048): the same rows the booking
 * form and the quote price from (GET /api/service-prices, /api/add-ons), so a price changed in
 * the dashboard shows here at once. /pricing puts them beside the packages.
 */

type Vehicles = Readonly<Record<string, readonly string[]>>;

const bookLink = "mt-4 self-start font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** One priced item of "Other Services": its from-price, its table by size, what else it says, and its booking link. */
export function ServiceCard({
  name,
  price,
  prices,
  vehicles,
  href,
  children,
}: {
  name: string;
  price: number;
  prices: ClassPriceRow[];
  vehicles: Vehicles;
  href: string;
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5">
      <h3 className="font-bold text-slate-900">{name}</h3>
      <p className="mt-1 text-slate-600">
        <Trans>
          From <span className="text-lg font-bold text-slate-900">{formatPrice(price)}</span>
        </Trans>
      </p>
      <ClassPriceTable
        prices={prices}
        vehicles={vehicles}
        caption={t`${name}: price by vehicle size`}
        className="mt-2"
      />
      <div className="flex-1">{children}</div>
      <Link to={localePath(href)} aria-label={t`Book A Slot: ${name}`} className={bookLink}>
        <Trans>Book A Slot</Trans>
      </Link>
    </li>
  );
}

/** Each single service with its price and length by vehicle size; the oil change with its oils. */
export function SingleServiceCards({ services, vehicles }: { services: readonly ServicePrice[]; vehicles: Vehicles }) {
  const { t } = useLingui();
  return services.map((service) => (
    <ServiceCard
      key={service.serviceType}
      name={t(catalogueName(service.serviceType))}
      price={service.price}
      prices={service.prices}
      vehicles={vehicles}
      href={`/booking?${new URLSearchParams({ service: service.serviceType })}#book`}
    >
      {service.oils && service.oils.length > 0 && <OilTable oils={service.oils} />}
    </ServiceCard>
  ));
}

function OilTable({ oils }: { oils: readonly Oil[] }) {
  return (
    <table className="mt-3 w-full text-sm">
      <caption className="text-left font-semibold text-slate-800">
        <Trans>Oil</Trans>
      </caption>
      <tbody className="divide-y divide-slate-200">
        {oils.map((oil) => (
          <tr key={oil.id}>
            <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">
              {oil.name}
            </th>
            <td className="py-1 text-right font-semibold text-slate-900">
              {oil.price > 0 ? `+ ${formatPrice(oil.price)}` : <Trans>Included</Trans>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The add-ons, with what each adds for every size class and the services it goes with. */
export function AddOnPriceTable({ addOns, classNames }: { addOns: readonly AddOn[]; classNames: readonly string[] }) {
  const { t } = useLingui();
  const locale = useLocale();
  if (addOns.length === 0) return null;
  return (
    <div className="mt-6 overflow-x-auto" role="region" aria-labelledby="add-ons-heading" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">
          <Trans>Add-ons: price and time by vehicle size</Trans>
        </caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              <Trans>Add-on</Trans>
            </th>
            {classNames.map((name) => (
              <th key={name} scope="col" className="py-2 pr-3 text-right">
                {name}
              </th>
            ))}
            <th scope="col" className="py-2">
              <Trans>With</Trans>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 bg-white">
          {addOns.map((addOn) => (
            <tr key={addOn._id}>
              <th scope="row" className="py-2 pr-3 font-semibold text-slate-900">
                {addOn.name}
                {addOn.description && <span className="block font-normal text-slate-600">{addOn.description}</span>}
              </th>
              {addOn.prices.map((p) => (
                <td key={p.classId} className="py-2 pr-3 text-right whitespace-nowrap text-slate-900">
                  + {formatPrice(p.price)}
                  {p.minutes > 0 && <span className="block text-slate-600">{formatLength(p.minutes, locale)}</span>}
                </td>
              ))}
              <td className="py-2 text-slate-700">
                {addOn.serviceTypes.length === 0 && addOn.planIds.length === 0
                  ? t`Any service`
                  : addOn.serviceTypes.map((type) => t(catalogueName(type))).join(", ") || t`Some packages`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
