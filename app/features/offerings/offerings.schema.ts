/** What other features may read of the services: which service a package is for. */
export { suggestedServiceType } from "./booking-service";
