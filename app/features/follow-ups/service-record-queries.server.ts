import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookings, bookingVehicleKey, serviceRecords } from "~/.server/db/schema";

/**
 * What the due reminders and the rebook link ask of a service record in SQL, inside their own
 * queries (so a sweep is one query, however many records are due). `record` and `booking` are the
 * outer query's service_records row and the booking it records.
 */

type RecordTable = typeof serviceRecords;
// An alias in a sql`` template renders as its name alone: `from ${table} ${alias}` names the table too.
type BookingTable = typeof bookings;

/** The record is its vehicle's latest (no record of a later visit): an older one's due date is past news. */
export function isLatestOfVehicle(record: RecordTable = serviceRecords): SQL<boolean> {
  const newer = alias(serviceRecords, "newer_record");
  return sql<boolean>`not exists (select 1 from ${serviceRecords} ${newer}
    where ${newer.vehicleKey} = ${record.vehicleKey}
      and (${newer.servicedOn}, ${newer.createdAt}) > (${record.servicedOn}, ${record.createdAt}))`;
}

/** Labels of a visit's lines that are an oil change: follow-ups.schema.ts's includesOilChange, in SQL. */
const OIL_LINE = "\\y(oil|lube)\\y";

/**
 * STAND-IN, until the merge with the service records' branch, for its `bookedOilChangeSince` (the
 * two are to become one): another booking of the record's vehicle (the same bookingVehicleKey) for
 * an oil change, not cancelled and not a no-show, made after the record or for a day after the
 * serviced one (an oil change booked ahead counts too). Looked for among the bookings of the
 * record's customer (their e-mail or account: both indexed), as every booking of a vehicle is.
 */
export function bookedOilChangeSince(
  record: RecordTable = serviceRecords,
  booking: BookingTable = bookings,
): SQL<boolean> {
  const later = alias(bookings, "later_booking");
  return sql<boolean>`exists (select 1 from ${bookings} ${later}
    where (${later.email} = ${booking.email} or ${later.userId} = ${booking.userId})
      and ${bookingVehicleKey(later)} = ${record.vehicleKey}
      and ${later.id} <> ${record.bookingId}
      and ${later.status} <> 'cancelled'
      and ${later.visitStage} is distinct from 'no-show'
      and (${later.createdAt} > ${record.createdAt} or ${later.preferredDate} > ${record.servicedOn})
      and (${later.serviceType} = 'Oil Change' or exists (
        select 1 from jsonb_array_elements(${later.lines}) as line
        where coalesce(line->>'kind', '') <> 'promo' and line->>'label' ~* ${OIL_LINE})))`;
}
