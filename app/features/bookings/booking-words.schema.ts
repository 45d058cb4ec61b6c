/**
 * How a visit's time is said ("9–11 AM"), for the features that say it too: Reports' windows, the
 * waitlist's e-mails. A feature reaches another only through a *.schema.ts; the words themselves are
 * visit-text.ts's, which bookings.schema.ts cannot pass on (visit-text.ts imports it).
 */
export { arrivalWindow } from "./visit-text";
