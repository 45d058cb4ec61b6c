import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { auditActor, changedFields, describeChanges, recordChange, type FieldWords } from "~/.server/audit/audit-log";
import {
  bookings,
  bookingVehicleKey,
  serviceRecords,
  type BookingRow,
  type ServiceRecordRow,
} from "~/.server/db/schema";
import { vehicleName, withTypeAndYear } from "~/features/garage/garage.schema";
import { requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { addDays } from "~/lib/business-date";
import { isObjectId, newObjectId } from "~/lib/object-id";
import { nextDue, type ServiceRecordInput } from "./follow-ups.schema";
import type { FollowUpSettingsService } from "./follow-ups.server";
import { bookedOilChangeSince, bookedVehicleColumns, isLatestRecord } from "./service-record-queries.server";
import { dayText } from "./service-record-text";
import {
  OVERDUE_DAYS_MAX,
  type DueVehicle,
  type ServiceRecord,
  type VisitServiceRecord,
} from "./service-records.schema";

export const OIL_UNKNOWN = "Choose one of the shop's oil types";
export const RECORD_CANCELLED = "This booking was cancelled: there is no oil change to record.";
export const RECORD_NO_SHOW = "This visit was a no-show: there is no oil change to record.";

/** The most rows one answer of the due list holds (the CSV's; the page and the JSON take pages). */
export const DUE_LIST_MAX = 5000;

const vehicleColumns = bookedVehicleColumns;

type RecordFields = Pick<ServiceRecordRow, "odometer" | "oilName" | "servicedOn" | "nextDueDate" | "nextDueMileage">;
const NO_RECORD = {} as RecordFields;
const miles = (n: number) => `${n.toLocaleString("en-US")} mi`;
/** How a corrected oil change's record says what changed: dates as people read them ("Mar 1, 2027"). */
const RECORD_WORDS: FieldWords<RecordFields> = {
  odometer: { label: "odometer", show: miles },
  oilName: { label: "oil" },
  servicedOn: { label: "serviced on", show: dayText },
  nextDueDate: { label: "next due", show: dayText },
  nextDueMileage: { label: "next due at", show: miles },
};
type BookedVehicle = Pick<BookingRow, keyof typeof vehicleColumns>;

/** "Silver Honda CR-V (SUV, 2020)": as the visit's dialog names it (visit-summary.ts vehicleText). */
function vehicleText(v: BookedVehicle): string {
  const name = vehicleName({
    make: v.vehicleMake,
    model: v.vehicleModel,
    color: v.vehicleColor,
    vehicleType: v.vehicleType,
  });
  return withTypeAndYear(name, v.vehicleType, v.vehicleYear);
}

function toServiceRecord(row: ServiceRecordRow, vehicle: BookedVehicle): ServiceRecord {
  return {
    _id: row.id,
    bookingId: row.bookingId,
    odometer: row.odometer,
    oilType: row.oilType,
    oilName: row.oilName,
    servicedOn: row.servicedOn,
    nextDueDate: row.nextDueDate,
    nextDueMileage: row.nextDueMileage,
    vehicle: vehicleText(vehicle),
    plate: vehicle.vehiclePlate,
    recordedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The oil changes staff record on visits (admins): odometer and oil give the vehicle's next due
 * date and mileage; the due list reads each vehicle's latest record.
 */
export function createServiceRecords(db: Database, options: { settings: FollowUpSettingsService }) {
  const { settings } = options;

  async function findVisit(id: string) {
    const [visit] = isObjectId(id)
      ? await db
          .select({ preferredDate: bookings.preferredDate, status: bookings.status, visitStage: bookings.visitStage })
          .from(bookings)
          .where(eq(bookings.id, id))
      : [];
    if (!visit) throw notFound("Booking");
    if (visit.status === "cancelled") throw new AppError("conflict", RECORD_CANCELLED);
    if (visit.visitStage === "no-show") throw new AppError("conflict", RECORD_NO_SHOW);
    return visit;
  }

  /** The visit's oil change as recorded, or null. */
  async function forBooking(actor: Actor | null, bookingId: string): Promise<ServiceRecord | null> {
    requireJob(actor, "desk");
    if (!isObjectId(bookingId)) throw notFound("Booking");
    const [row] = await db
      .select({ record: serviceRecords, ...vehicleColumns })
      .from(bookings)
      .leftJoin(serviceRecords, eq(serviceRecords.bookingId, bookings.id))
      .where(eq(bookings.id, bookingId));
    if (!row) throw notFound("Booking");
    return row.record ? toServiceRecord(row.record, row) : null;
  }

  return {
    /**
     * Records (or corrects) the oil change of a visit. Its day is the visit's, or today for a visit
     * booked for a later day (the car is here now: the oil was changed today). One record per visit:
     * saving again, or twice at once, leaves one row with the last values. The vehicle's key is the
     * booking's, computed by the database in the statement that writes (bookingVehicleKey), and the
     * statement refuses a visit cancelled or marked a no-show since it was read.
     */
    async record(actor: Actor | null, bookingId: string, input: ServiceRecordInput, today: string) {
      const admin = requireJob(actor, "desk");
      const visit = await findVisit(bookingId);
      const oil = (await settings.read()).oilTypes.find((o) => o.id === input.oilType);
      if (!oil)
        throw new AppError("validation_failed", "Please check the highlighted fields.", { oilType: OIL_UNKNOWN });
      const servicedOn = visit.preferredDate > today ? today : visit.preferredDate;
      const due = nextDue(servicedOn, input.odometer, oil);
      // Every column in the table's order (drizzle's insert … select), each value typed for its column.
      const source = db
        .select({
          id: sql`${newObjectId()}::varchar`.as("id"),
          bookingId: bookings.id,
          vehicleKey: bookingVehicleKey(bookings).as("vehicle_key"),
          odometer: sql`${input.odometer}::integer`.as("odometer"),
          oilType: sql`${oil.id}::text`.as("oil_type"),
          oilName: sql`${oil.name}::text`.as("oil_name"),
          servicedOn: sql`${servicedOn}::date`.as("serviced_on"),
          nextDueDate: sql`${due.nextDueDate}::date`.as("next_due_date"),
          nextDueMileage: sql`${due.nextDueMileage}::integer`.as("next_due_mileage"),
          recordedBy: sql`${admin.id}::varchar`.as("recorded_by"),
          createdAt: sql`now()`.as("created_at"),
          updatedAt: sql`now()`.as("updated_at"),
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.id, bookingId),
            ne(bookings.status, "cancelled"),
            sql`${bookings.visitStage} is distinct from 'no-show'`,
          ),
        );
      const excluded = (column: string) => sql.raw(`excluded.${column}`);
      const [row] = await db.transaction(async (tx) => {
        // The visit's row locked first, so two saves of one visit queue up and each record's
        // "before" is what the other saved.
        await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId)).for("update");
        const [was] = await tx.select().from(serviceRecords).where(eq(serviceRecords.bookingId, bookingId));
        const written = await tx
          .insert(serviceRecords)
          .select(source)
          .onConflictDoUpdate({
            target: serviceRecords.bookingId,
            set: {
              vehicleKey: excluded("vehicle_key"),
              odometer: excluded("odometer"),
              oilType: excluded("oil_type"),
              oilName: excluded("oil_name"),
              servicedOn: excluded("serviced_on"),
              nextDueDate: excluded("next_due_date"),
              nextDueMileage: excluded("next_due_mileage"),
              recordedBy: excluded("recorded_by"),
              updatedAt: sql`now()`,
            },
          })
          .returning({ id: serviceRecords.id });
        const change = {
          odometer: input.odometer,
          oilName: oil.name,
          servicedOn,
          nextDueDate: due.nextDueDate,
          nextDueMileage: due.nextDueMileage,
        };
        const changed = written.length ? changedFields<RecordFields>(was ?? NO_RECORD, change) : null;
        if (changed)
          await recordChange(tx, auditActor(admin), {
            kind: "booking.service-record",
            subjectType: "booking",
            subjectId: bookingId,
            summary: was
              ? `Oil change corrected: ${describeChanges(changed, RECORD_WORDS)}`
              : `Oil change recorded: ${miles(input.odometer)}, ${oil.name}, next due ${dayText(due.nextDueDate)}`,
            before: was ? changed.before : null,
            after: changed.after,
          });
        return written;
      });
      // Cancelled or missed between the read and the write: say which.
      if (!row) await findVisit(bookingId);
      const record = await forBooking(admin, bookingId);
      return { nextDueDate: due.nextDueDate, nextDueMileage: due.nextDueMileage, record: record! };
    },

    forBooking,

    /** The visit's record and the oils the form may choose now (GET /api/bookings/{id}/service-record). */
    async forVisit(actor: Actor | null, bookingId: string): Promise<VisitServiceRecord> {
      const [record, current] = await Promise.all([forBooking(actor, bookingId), settings.read()]);
      return { record, oilTypes: current.oilTypes };
    },

    /**
     * Vehicles whose next oil change is due within `within` days of today, or overdue (by up to a
     * year): each vehicle's latest record only, with its visit's customer and vehicle, soonest due
     * first. One query, over the due-date index (the bookings' vehicle-key index for "booked");
     * `total` counts every match.
     */
    async dueList(
      actor: Actor | null,
      query: { within: number; today: string; limit: number; offset?: number },
    ): Promise<{ items: DueVehicle[]; total: number }> {
      requireJob(actor, "serviceDue");
      const { within, today, limit, offset = 0 } = query;
      // The page first: its records' ids, and the count of every match. Only its rows are then read
      // in full, with their visit's customer and whether the vehicle has been booked again.
      const page = db
        .select({ id: serviceRecords.id, total: sql<string>`count(*) over ()`.as("total") })
        .from(serviceRecords)
        .where(
          and(
            gte(serviceRecords.nextDueDate, addDays(today, -OVERDUE_DAYS_MAX)),
            lte(serviceRecords.nextDueDate, addDays(today, within)),
            isLatestRecord(serviceRecords),
          ),
        )
        .orderBy(asc(serviceRecords.nextDueDate), asc(serviceRecords.id))
        .limit(Math.min(limit, DUE_LIST_MAX))
        .offset(offset)
        .as("page");
      const rows = await db
        .select({
          recordId: serviceRecords.id,
          bookingId: serviceRecords.bookingId,
          fullName: bookings.fullName,
          phone: bookings.phone,
          email: bookings.email,
          ...vehicleColumns,
          nextDueDate: serviceRecords.nextDueDate,
          nextDueMileage: serviceRecords.nextDueMileage,
          lastVisit: serviceRecords.servicedOn,
          lastOdometer: serviceRecords.odometer,
          oilName: serviceRecords.oilName,
          booked: bookedOilChangeSince(serviceRecords),
          total: page.total,
        })
        .from(page)
        .innerJoin(serviceRecords, eq(serviceRecords.id, page.id))
        .innerJoin(bookings, eq(bookings.id, serviceRecords.bookingId))
        .orderBy(asc(serviceRecords.nextDueDate), asc(serviceRecords.id));
      return {
        total: Number(rows[0]?.total ?? 0),
        items: rows.map(
          ({
            total: _total,
            vehicleType,
            vehicleYear,
            vehicleMake,
            vehicleModel,
            vehicleColor,
            vehiclePlate,
            ...row
          }) => ({
            ...row,
            vehicle: vehicleText({ vehicleType, vehicleYear, vehicleMake, vehicleModel, vehicleColor, vehiclePlate }),
            plate: vehiclePlate,
            overdue: row.nextDueDate < today,
          }),
        ),
      };
    },
  };
}

export type ServiceRecords = ReturnType<typeof createServiceRecords>;
