import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The names of the specification's six services and seven vehicle types as a customer reads them in
 * their language. What is stored stays the English value (what bookings, the desk and the API keep);
 * packages, size classes and other catalogue entries keep the names the shop gave them. Keyed by
 * the English value (catalogue.schema.ts's SERVICE_TYPES and VEHICLE_TYPES: app/lib imports no feature).
 */
const NAMES: Record<string, MessageDescriptor> = {
  "Hand Wash": msg`Hand Wash`,
  "Interior Clean": msg`Interior Clean`,
  Wax: msg`Wax`,
  "Full Detail": msg`Full Detail`,
  "Oil Change": msg`Oil Change`,
  "Engine Clean": msg`Engine Clean`,
  Car: msg`Car`,
  SUV: msg`SUV`,
  Truck: msg`Truck`,
  Minivan: msg`Minivan`,
  Coupe: msg`Coupe`,
  Hatchback: msg`Hatchback`,
  Other: msg`Other`,
};

/** A service's or vehicle type's name to show: its message, else the name as it is (in no catalog). */
export function catalogueName(name: string): MessageDescriptor {
  return NAMES[name] ?? { id: name, message: name };
}
