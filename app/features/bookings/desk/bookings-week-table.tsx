import { EmailAddress } from "~/components/ui/email-address";
import { formatPrice } from "~/lib/money";
import { telHref } from "~/lib/site-config";
import type { Booking } from "../bookings.schema";
import { CallLink, plainButton, TapButton } from "./desk-buttons";
import { StatusBadge } from "../status-badge";
import type { BulkConfirm } from "./use-bulk-confirm";
import type { DeskActions } from "./use-desk-actions";
import { OverCapacityBadge } from "./over-capacity-badge";
import { ClubBadge } from "./club-badge";
import { NeedsNewTimeBadge } from "../needs-new-time-badge";
import { VisitStageBadge } from "./visit-stage-badge";
import { OwesBadge } from "./owes-badge";
import { friendlyDate, lengthAndFinish, serviceText, visitWindow } from "../visit-text";
import { addOnNames, bookingVehicleName } from "../visit-summary";
import { displayPhone } from "~/lib/phone";

interface Props {
  caption: string;
  bookings: Booking[];
  actions: DeskActions;
  bulk: BulkConfirm;
  onOpen(booking: Booking): void;
}

/** Below xl each row is a card (the table's cells stacked); explicit roles keep it a table to screen readers. */
const cell = "px-4 py-1 xl:py-3 max-xl:block";
const label = "mr-1 font-semibold text-slate-600 xl:hidden";

/**
 * Manage Bookings as a list of work: each booking's time, customer, vehicle, package, price and status,
 * with Confirm and Call on the row, and a box to choose pending requests to confirm together.
 */
export function BookingsWeekTable({ caption, bookings, actions, bulk, onOpen }: Props) {
  return (
    <div className="relative mt-4 rounded-xl border border-slate-200 bg-white">
      <table role="table" className="w-full text-left text-sm max-xl:block">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-slate-100 text-slate-700 max-xl:block">
          <tr role="row" className="max-xl:flex max-xl:items-center max-xl:gap-2 max-xl:px-4 max-xl:py-2">
            <th role="columnheader" scope="col" className="px-4 py-3 max-xl:block max-xl:p-0 xl:w-10">
              <label className="flex items-center gap-2 font-semibold">
                <input
                  type="checkbox"
                  checked={bulk.allChosen}
                  disabled={bulk.pendingCount === 0}
                  onChange={bulk.toggleAll}
                  className="size-5"
                />
                <span className="xl:sr-only">Choose every pending request on this page</span>
              </label>
            </th>
            {["When", "Customer", "Vehicle", "Service and package", "Price", "Status"].map((column) => (
              <th
                key={column}
                role="columnheader"
                scope="col"
                className={`px-4 py-3 max-xl:sr-only ${column === "Price" ? "xl:text-right" : ""}`}
              >
                {column}
              </th>
            ))}
            <th role="columnheader" scope="col" className="px-4 py-3 max-xl:sr-only">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-xl:block">
          {bookings.map((booking) => (
            <BookingRow key={booking._id} booking={booking} actions={actions} bulk={bulk} onOpen={onOpen} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Car 2021", or a named car with its type and year under it: "Silver Honda CR-V", "SUV 2021". */
function VehicleCell({ booking }: { booking: Booking }) {
  const name = bookingVehicleName(booking);
  const typeAndYear = `${booking.vehicleType}${booking.vehicleYear ? ` ${booking.vehicleYear}` : ""}`;
  if (name === booking.vehicleType) return <span className="xl:whitespace-nowrap">{typeAndYear}</span>;
  return (
    <>
      {name}
      <span className="block text-xs text-slate-600 max-xl:inline max-xl:text-sm max-xl:before:content-['_·_']">
        {typeAndYear}
      </span>
    </>
  );
}

function BookingRow({ booking, actions, bulk, onOpen }: Omit<Props, "caption" | "bookings"> & { booking: Booking }) {
  const pending = booking.status === "pending";
  return (
    <tr
      role="row"
      className="border-t border-slate-200 max-xl:grid max-xl:grid-cols-[2.5rem_1fr] max-xl:py-3 xl:align-top"
    >
      <td role="cell" className="px-4 pt-4 max-xl:row-span-7 max-xl:block max-xl:pt-1 max-xl:pr-0">
        {pending && (
          <input
            type="checkbox"
            aria-label={`Choose ${booking.fullName}'s request`}
            checked={bulk.isChosen(booking._id)}
            onChange={() => bulk.toggle(booking._id)}
            className="size-5"
          />
        )}
      </td>
      <td role="cell" className={`${cell} whitespace-nowrap`}>
        <span className="font-semibold text-slate-900">{friendlyDate(booking.preferredDate)}</span>
        <span className="block text-slate-700 max-xl:inline max-xl:before:content-['_·_']">{visitWindow(booking)}</span>
      </td>
      <th role="rowheader" scope="row" className={`${cell} font-semibold text-slate-900`}>
        {booking.fullName}
        <EmailAddress email={booking.email} className="block text-xs font-normal text-slate-600" />
        <a href={telHref(booking.phone)} className="block text-xs font-normal whitespace-nowrap text-slate-600">
          {displayPhone(booking.phone)}
        </a>
      </th>
      <td role="cell" className={cell}>
        <span className={label}>Vehicle:</span>
        <VehicleCell booking={booking} />
      </td>
      <td role="cell" className={cell}>
        <span className={label}>Service:</span>
        {serviceText(booking)}
        {booking.addOns.length > 0 && (
          <span className="block text-xs text-slate-700 max-xl:inline max-xl:text-sm max-xl:before:content-['_·_']">
            Add-ons: {addOnNames(booking).join(", ")}
          </span>
        )}
        <span className="block text-xs text-slate-600 max-xl:inline max-xl:text-sm max-xl:before:content-['_·_']">
          {lengthAndFinish(booking)}
        </span>
      </td>
      <td role="cell" className={`${cell} tabular-nums xl:text-right`}>
        <span className={label}>Price:</span>
        {formatPrice(booking.total)}
      </td>
      <td role="cell" className={cell}>
        <span className="flex flex-wrap gap-1">
          <StatusBadge status={booking.status} />
          <VisitStageBadge stage={booking.visitStage} />
          <OwesBadge booking={booking} />
          <ClubBadge booking={booking} />
          <OverCapacityBadge booking={booking} />
          <NeedsNewTimeBadge booking={booking} />
        </span>
      </td>
      <td role="cell" className={`${cell} max-xl:pt-2`}>
        <span className="flex flex-wrap gap-2 xl:flex-nowrap xl:justify-end">
          {pending && (
            <TapButton booking={booking} actions={actions} onTap={() => actions.confirm(booking)}>
              Confirm
            </TapButton>
          )}
          <CallLink booking={booking} />
          <button type="button" className={plainButton} onClick={() => onOpen(booking)}>
            Details<span className="sr-only"> of {booking.fullName}'s booking</span>
          </button>
        </span>
      </td>
    </tr>
  );
}
