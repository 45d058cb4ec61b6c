import { SERVICE_TYPES, type ServiceType } from "~/features/bookings/bookings.schema";
import { SERVICES } from "./service-catalogue";

/** The booking form's services, as the catalogue's service pages name them (their slugs). */
const SERVICE_SLUGS: Record<ServiceType, string> = {
  "Hand Wash": "hand-wash",
  "Interior Clean": "interior-clean",
  Wax: "express-wax",
  "Full Detail": "full-detail",
  "Oil Change": "oil-change",
  "Engine Clean": "engine-clean",
};

/**
 * The booking form's service a package is for, read from its name as the service pages read it
 * ("Signature Wash & Wax" is a Hand Wash, "Platinum Full Detail" a Full Detail); undefined when
 * no service matches, and the customer chooses.
 */
export function suggestedServiceType(packageName: string): ServiceType | undefined {
  return SERVICE_TYPES.find((type) => SERVICES.find((s) => s.slug === SERVICE_SLUGS[type])?.matches.test(packageName));
}
