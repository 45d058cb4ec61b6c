import { VEHICLE_TYPES } from "~/features/bookings/bookings.schema";
import { CONFIRMED_AT_SHOP_TYPE, type SizeClasses, type SizeClassId, type VehicleType } from "./pricing.schema";

/**
 * The vehicle types each size class prices, as the public pages name them under a class
 * ("Small: Coupe, Hatchback, Car"). Other is left out: its price is confirmed at the shop.
 */
export function vehiclesByClass(classes: SizeClasses): Record<SizeClassId, VehicleType[]> {
  const byClass: Record<SizeClassId, VehicleType[]> = { small: [], medium: [], large: [] };
  for (const type of VEHICLE_TYPES) {
    if (type !== CONFIRMED_AT_SHOP_TYPE) byClass[classes.vehicleClass[type]].push(type);
  }
  return byClass;
}
