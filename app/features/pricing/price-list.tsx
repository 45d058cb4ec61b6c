import { Link } from "react-router";
import { ClassPriceTable } from "~/components/class-price-table";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import type { AddOn, ServicePrice } from "./pricing.schema";

/**
 * The price list's single services, oils and add-ons (decision 048): the same rows the booking
 * form and the quote price from (GET /api/service-prices, /api/add-ons), so a price changed in
 * the dashboard shows here at once. /pricing puts them beside the packages.
 */

type Vehicles = Readonly<Record<string, readonly string[]>>;

const bookLink = "mt-4 self-start font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900";

/** Each single service with its price and length by vehicle size; the oil change with its oils. */
export function SingleServiceCards({ services, vehicles }: { services: readonly ServicePrice[]; vehicles: Vehicles }) {
  return services.map((service) => {
    return (
      <li key={service.serviceType} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5">
        <h3 className="font-bold text-slate-900">{service.serviceType}</h3>
        <p className="mt-1 text-slate-600">
          From <span className="text-lg font-bold text-slate-900">{formatPrice(service.price)}</span>
        </p>
        <ClassPriceTable
          prices={service.prices}
          vehicles={vehicles}
          caption={`${service.serviceType}: price by vehicle size`}
          className="mt-2"
        />
        {service.oils && service.oils.length > 0 && (
          <table className="mt-3 w-full text-sm">
            <caption className="text-left font-semibold text-slate-800">Oil</caption>
            <tbody className="divide-y divide-slate-200">
              {service.oils.map((oil) => (
                <tr key={oil.id}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal text-slate-700">
                    {oil.name}
                  </th>
                  <td className="py-1 text-right font-semibold text-slate-900">
                    {oil.price > 0 ? `+ ${formatPrice(oil.price)}` : "Included"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <span className="flex-1" />
        <Link
          to={`/booking?${new URLSearchParams({ service: service.serviceType })}#book`}
          aria-label={`Book A Slot: ${service.serviceType}`}
          className={bookLink}
        >
          Book A Slot
        </Link>
      </li>
    );
  });
}

/** The add-ons, with what each adds for every size class and the services it goes with. */
export function AddOnPriceTable({ addOns, classNames }: { addOns: readonly AddOn[]; classNames: readonly string[] }) {
  if (addOns.length === 0) return null;
  return (
    <div className="mt-6 overflow-x-auto" role="region" aria-labelledby="add-ons-heading" tabIndex={0}>
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">Add-ons: price and time by vehicle size</caption>
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-2 pr-3">
              Add-on
            </th>
            {classNames.map((name) => (
              <th key={name} scope="col" className="py-2 pr-3 text-right">
                {name}
              </th>
            ))}
            <th scope="col" className="py-2">
              With
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
                  {p.minutes > 0 && <span className="block text-slate-600">{formatLength(p.minutes)}</span>}
                </td>
              ))}
              <td className="py-2 text-slate-700">
                {addOn.serviceTypes.length === 0 && addOn.planIds.length === 0
                  ? "Any service"
                  : addOn.serviceTypes.join(", ") || "Some packages"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
