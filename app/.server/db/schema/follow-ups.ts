import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, moment, objectId, partOf, updatedAt } from "./columns";
import { bookings } from "./bookings";

/** After a visit: the oil change recorded, and the customer's review. */

/**
 * An oil change as the shop recorded it (issue 28): the odometer and oil at the visit, and when the
 * next one is due. One per booking (recording again corrects it); the vehicle's due date is its
 * latest record's, found by the vehicle's key (bookingVehicleKey).
 */
export const serviceRecords = pgTable(
  "service_records",
  {
    id: objectId("id").primaryKey(),
    bookingId: partOf("booking_id", () => bookings.id),
    vehicleKey: text("vehicle_key").notNull(),
    odometer: integer("odometer").notNull(),
    /** An id of the oil types setting (follow-ups.schema.ts), with its name when recorded. */
    oilType: text("oil_type").notNull(),
    oilName: text("oil_name").notNull(),
    servicedOn: date("serviced_on", { mode: "string" }).notNull(),
    nextDueDate: date("next_due_date", { mode: "string" }).notNull(),
    nextDueMileage: integer("next_due_mileage").notNull(),
    recordedBy: objectId("recorded_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("service_records_booking_idx").on(t.bookingId),
    index("service_records_vehicle_idx").on(t.vehicleKey, t.servicedOn),
    index("service_records_due_idx").on(t.nextDueDate),
    check("service_records_odometer_check", sql`${t.odometer} between 0 and 2000000`),
  ],
);

/** A review's place: waiting for the admin, shown on the site, or kept off it. */
export type ReviewStatus = "pending" | "published" | "hidden";

/** A customer's review of one visit, written through the signed link of the review request. */
export const reviews = pgTable(
  "reviews",
  {
    id: objectId("id").primaryKey(),
    bookingId: partOf("booking_id", () => bookings.id),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull().default(""),
    /** As the site shows the customer: first name and last initial ("Maria G."), kept when written. */
    authorName: text("author_name").notNull(),
    /** What was done ("Full Synthetic Oil Change"), and the visit's month (first day), when written. */
    serviceLabel: text("service_label").notNull(),
    visitMonth: date("visit_month", { mode: "string" }).notNull(),
    status: text("status").$type<ReviewStatus>().notNull().default("pending"),
    reply: text("reply").notNull().default(""),
    repliedAt: moment("replied_at"),
    publishedAt: moment("published_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One review per visit, also under two taps of Send at once.
    uniqueIndex("reviews_booking_idx").on(t.bookingId),
    index("reviews_status_idx").on(t.status, t.publishedAt),
    index("reviews_created_idx").on(t.createdAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'published', 'hidden')`),
  ],
);

export type ServiceRecordRow = typeof serviceRecords.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
