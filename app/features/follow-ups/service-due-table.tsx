import { Mail, Phone } from "lucide-react";
import { telHref } from "~/lib/site-config";
import { dayText, milesText } from "./service-record-text";
import type { DueVehicle } from "./service-records.schema";
import { displayPhone } from "~/lib/phone";

/** Below md each row is a card (the table's cells stacked); explicit roles keep it a table to screen readers. */
const cell = "px-4 py-1 md:py-3 max-md:block";
const label = "mr-1 font-semibold text-slate-600 md:hidden";
const action =
  "inline-flex items-center whitespace-nowrap gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50";

/** An e-mail to the customer, its subject already written. */
const mailtoHref = (email: string) => `mailto:${email}?subject=${encodeURIComponent("Time for your next oil change")}`;

/** Overdue in red, due soon in amber; "Booked" in green beside it once the customer has booked again. */
function DueBadges({ vehicle }: { vehicle: DueVehicle }) {
  return (
    <span className="flex flex-wrap gap-1">
      {vehicle.overdue ? (
        <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-red-900">Overdue</span>
      ) : (
        <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-amber-900">
          Due soon
        </span>
      )}
      {vehicle.booked && (
        <span className="rounded bg-green-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-green-900">
          Booked
        </span>
      )}
    </span>
  );
}

/**
 * The vehicles due for an oil change: the vehicle and its customer, when it is due (date or
 * mileage), the last oil change, whether it is late, and the customer a tap away (call, e-mail).
 */
export function ServiceDueTable({ vehicles, caption }: { vehicles: DueVehicle[]; caption: string }) {
  return (
    <div className="relative mt-4 rounded-xl border border-slate-200 bg-white">
      <table role="table" className="w-full text-left text-sm max-md:block">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-slate-100 text-slate-700 max-md:sr-only">
          <tr role="row">
            {["Vehicle", "Customer", "Due", "Last oil change", "State"].map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-4 py-3">
                {column}
              </th>
            ))}
            <th role="columnheader" scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:block">
          {vehicles.map((vehicle) => (
            <tr
              key={vehicle.recordId}
              role="row"
              className="border-t border-slate-200 first:border-t-0 max-md:block max-md:py-3 md:align-top"
            >
              <th role="rowheader" scope="row" className={`${cell} font-semibold text-slate-900`}>
                {vehicle.vehicle}
                {vehicle.plate && (
                  <span className="block text-xs font-normal text-slate-600 max-md:inline max-md:text-sm max-md:before:content-['_·_']">
                    {vehicle.plate}
                  </span>
                )}
              </th>
              <td role="cell" className={cell}>
                <span className={label}>Customer:</span>
                {vehicle.fullName}
                <span className="block text-xs whitespace-nowrap text-slate-600 max-md:inline max-md:text-sm max-md:before:content-['_·_']">
                  {displayPhone(vehicle.phone)}
                </span>
              </td>
              <td role="cell" className={cell}>
                <span className={label}>Due:</span>
                <span className="font-semibold whitespace-nowrap text-slate-900">{dayText(vehicle.nextDueDate)}</span>
                <span className="block text-xs whitespace-nowrap text-slate-700 max-md:inline max-md:text-sm max-md:before:content-['_or_']">
                  <span className="md:hidden">{milesText(vehicle.nextDueMileage)}</span>
                  <span className="max-md:hidden">or {milesText(vehicle.nextDueMileage)}</span>
                </span>
              </td>
              <td role="cell" className={cell}>
                <span className={label}>Last oil change:</span>
                <span className="whitespace-nowrap">{dayText(vehicle.lastVisit)}</span>
                <span className="block text-xs text-slate-600 max-md:inline max-md:text-sm max-md:before:content-['_·_']">
                  {vehicle.oilName}, {milesText(vehicle.lastOdometer)}
                </span>
              </td>
              <td role="cell" className={cell}>
                <DueBadges vehicle={vehicle} />
              </td>
              <td role="cell" className={`${cell} max-md:pt-2`}>
                <span className="flex flex-wrap gap-2 md:justify-end">
                  <a href={telHref(vehicle.phone)} className={action}>
                    <Phone aria-hidden className="size-4" />
                    Call<span className="sr-only"> {vehicle.fullName}</span>
                  </a>
                  {vehicle.email && (
                    <a href={mailtoHref(vehicle.email)} className={action} title={vehicle.email}>
                      <Mail aria-hidden className="size-4" />
                      E-mail<span className="sr-only"> {vehicle.fullName}</span>
                    </a>
                  )}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
