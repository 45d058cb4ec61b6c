import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceType } from "~/features/bookings/bookings.schema";

/**
 * The six services' names as a customer reads them in their language. The stored value stays the
 * English name (the specification's option list, what bookings and the desk keep); packages and
 * other catalogue entries keep the names the shop gave them.
 */
const SERVICE_NAMES: Record<ServiceType, MessageDescriptor> = {
  "Hand Wash": msg`Hand Wash`,
  "Interior Clean": msg`Interior Clean`,
  Wax: msg`Wax`,
  "Full Detail": msg`Full Detail`,
  "Oil Change": msg`Oil Change`,
  "Engine Clean": msg`Engine Clean`,
};

/** A service's name to show: its message when it is one of the six, else the name as it is (not in any catalog). */
export function serviceName(name: string): MessageDescriptor {
  return SERVICE_NAMES[name as ServiceType] ?? { id: name, message: name };
}
