import type { ServiceType } from "~/features/bookings/bookings.schema";
import { SERVICES } from "./service-catalogue";

/**
 * The booking form's service a package is for, read from its name as the service pages read it
 * ("Signature Wash & Wax" is a Hand Wash, "Platinum Full Detail" a Full Detail); undefined when
 * no service matches, and the customer chooses.
 */
export function suggestedServiceType(packageName: string): ServiceType | undefined {
  return SERVICES.find((s) => s.matches.test(packageName))?.name;
}
