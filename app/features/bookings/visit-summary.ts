import { vehicleName, withTypeAndYear } from "~/features/garage/garage.schema";
import { CONFIRMED_AT_SHOP, CONFIRMED_AT_SHOP_TYPE } from "~/features/pricing/pricing.schema";
import { formatPrice } from "~/lib/money";
import type { Booking } from "./bookings.schema";

/**
 * How a booking's vehicle and price are said, the same in every e-mail, list, card and dialog:
 * the vehicle as the garage names one ("Silver Honda CR-V"), the add-ons it was booked with, and
 * its priced lines as stored when it was booked (price-visit.ts wrote them).
 */

type BookedVehicle = Pick<Booking, "vehicleType" | "vehicleMake" | "vehicleModel" | "vehicleColor">;

/** "Silver Honda CR-V", or the type ("SUV") when the booking names no make or model. */
export function bookingVehicleName(booking: BookedVehicle): string {
  return vehicleName({
    make: booking.vehicleMake,
    model: booking.vehicleModel,
    color: booking.vehicleColor,
    vehicleType: booking.vehicleType,
  });
}

/** "Silver Honda CR-V (SUV, 2020)", "SUV (2020)" or "SUV": the vehicle with its type and year. */
export function vehicleText(booking: BookedVehicle & Pick<Booking, "vehicleYear">): string {
  return withTypeAndYear(bookingVehicleName(booking), booking.vehicleType, booking.vehicleYear);
}

/**
 * The add-ons' names, as their lines were labelled when booked: the lines after the package's or
 * service's, one per add-on, in the order price-visit.ts writes them (the promo's line comes last).
 */
export function addOnNames(booking: Pick<Booking, "lines" | "addOns">): string[] {
  return booking.addOns.length ? booking.lines.slice(1, 1 + booking.addOns.length).map((line) => line.label) : [];
}

/** Whether the booking has a price to show: its lines and total (a service the shop never priced has neither). */
export const isPriced = (booking: Pick<Booking, "lines" | "total">): booking is typeof booking & { total: number } =>
  booking.total !== null && booking.lines.length > 0;

/** "Price confirmed at the shop" for a vehicle of type Other, which is priced as a Medium until it is seen. */
export function priceNote(booking: Pick<Booking, "vehicleType" | "lines" | "total">): string | undefined {
  return isPriced(booking) && booking.vehicleType === CONFIRMED_AT_SHOP_TYPE ? `Price ${CONFIRMED_AT_SHOP}` : undefined;
}

/** "$35", "−$13.15": a line's amount, a discount with its minus sign. */
export const lineAmount = (amount: number) => (amount < 0 ? `−${formatPrice(-amount)}` : formatPrice(amount));
