import { getTableName, sql, type Column, type SQL, type Table } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { bookings, bookingVehicleKey, serviceRecords } from "~/.server/db/schema";

/**
 * What the due list, the due reminders and the rebook link ask of a service record in SQL, inside
 * their own queries (so a sweep or a page is one query, however many records it reads). `record` is
 * the outer query's service_records table (or an alias of it).
 */

/**
 * What the bookings' oil-change rule is in SQL: the Oil Change service, or a package or add-on line
 * (not the promo's) whose label has the word oil or lube. The twin of includesOilChange
 * (follow-ups.schema.ts), whose \b is PostgreSQL's \m … \M; a test holds the two to the same answers.
 */
export function oilChangeVisit(t: { serviceType: AnyPgColumn; lines: AnyPgColumn }): SQL<boolean> {
  return sql<boolean>`(${t.serviceType} = 'Oil Change' or exists (
    select 1 from jsonb_array_elements(${t.lines}) as line
    where line->>'kind' is distinct from 'promo' and line->>'label' ~* ${"\\m(oil|lube)\\M"}))`;
}

/**
 * A column named with its table (or alias): drizzle leaves a column bare in a query of one table,
 * which inside a correlated subquery would name the subquery's own table instead.
 */
function qualified(table: Table, column: Column): SQL {
  return sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;
}

/** The bookings a record's vehicle may have been booked again in (aliased: the outer query may read bookings too). */
const LATER = "later_booking";
const later = alias(bookings, LATER);

/**
 * Whether the customer has booked an oil change for a record's vehicle since (issue 28: no due
 * reminder, no follow-up then; the due list's "Booked"). Such a booking is one that
 * - is for the same vehicle: the same bookingVehicleKey as the record's vehicle_key;
 * - is not the record's own visit, is not cancelled and was not a no-show (a missed visit changed no oil);
 * - includes an oil change (oilChangeVisit, the SQL twin of includesOilChange);
 * - is for a later day than the oil change: whenever it was made (the next visit, booked at the counter
 *   while the car was still in the bay, counts too), and never an older visit recorded late.
 *
 * `record` is the service_records table (or an alias of it) of the outer query, e.g.
 * `db.select().from(serviceRecords).where(not(bookedOilChangeSince(serviceRecords)))`.
 * Correlated on the vehicle's key: the outer query narrows the records first (by due date).
 */
export function bookedOilChangeSince(record: typeof serviceRecords): SQL<boolean> {
  const r = (column: Column) => qualified(record, column);
  return sql<boolean>`exists (select 1 from ${bookings} ${sql.identifier(LATER)}
    where ${bookingVehicleKey(later)} = ${r(record.vehicleKey)}
      and ${later.id} <> ${r(record.bookingId)}
      and ${later.status} <> 'cancelled'
      and ${later.visitStage} is distinct from 'no-show'
      and ${later.preferredDate} > ${r(record.servicedOn)}
      and ${oilChangeVisit(later)})`;
}

const NEWER = "newer_record";
const newer = alias(serviceRecords, NEWER);

/**
 * Whether a record is its vehicle's latest (by the oil change's day, then when it was written): the
 * one that says when the vehicle is next due. An older record of a vehicle serviced since is history.
 */
export function isLatestRecord(record: typeof serviceRecords): SQL<boolean> {
  const r = (column: Column) => qualified(record, column);
  return sql<boolean>`not exists (select 1 from ${serviceRecords} ${sql.identifier(NEWER)}
    where ${newer.vehicleKey} = ${r(record.vehicleKey)}
      and (${newer.servicedOn}, ${newer.createdAt}, ${newer.id}) > (${r(record.servicedOn)}, ${r(record.createdAt)}, ${r(record.id)}))`;
}

/** A booking's vehicle as its columns: the due list, the reminders and the rebook link read it so. */
export const bookedVehicleColumns = {
  vehicleType: bookings.vehicleType,
  vehicleYear: bookings.vehicleYear,
  vehicleMake: bookings.vehicleMake,
  vehicleModel: bookings.vehicleModel,
  vehicleColor: bookings.vehicleColor,
  vehiclePlate: bookings.vehiclePlate,
};
