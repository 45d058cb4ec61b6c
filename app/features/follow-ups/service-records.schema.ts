import { z } from "zod";
import type { OilType } from "./follow-ups.schema";

/**
 * Service records on the wire (issue 28): an oil change as staff recorded it on a visit, and the
 * admin's "Due soon / Overdue" list of vehicles whose next one is near. Browser-safe: the visit's
 * form, the sticker, the list and the API share these shapes.
 */

export const serviceRecordSchema = z.object({
  _id: z.string(),
  bookingId: z.string(),
  odometer: z.number().int().describe("miles on the odometer at the visit"),
  oilType: z.string().describe("the oil's id in the follow-up settings"),
  oilName: z.string().describe("the oil's name when it was recorded"),
  servicedOn: z.string().describe("the day of the oil change (YYYY-MM-DD)"),
  nextDueDate: z.string().describe("YYYY-MM-DD: the oil's months after servicedOn"),
  nextDueMileage: z.number().int().describe("the odometer plus the oil's miles"),
  vehicle: z.string().describe('the vehicle as the visit names it: "Silver Honda CR-V (SUV, 2020)"'),
  plate: z.string(),
  recordedAt: z.string().describe("when it was last saved (ISO)"),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

/** What the visit's form reads: its record, if any, and the oils a record may name now. */
export interface VisitServiceRecord {
  record: ServiceRecord | null;
  oilTypes: OilType[];
}

/** The list's reach in days ahead of today; the page offers these, the API takes any of 1–365. */
export const DUE_WITHIN_CHOICES = [7, 30, 60, 90] as const;
export const DUE_WITHIN_DEFAULT = 30;
export const DUE_WITHIN_MAX = 365;
const withinMessage = `within must be a whole number of days from 1 to ${DUE_WITHIN_MAX}`;

/** `?within=DAYS` of the due list (its page and the API). */
export const dueWithinSchema = z.coerce
  .number({ message: withinMessage })
  .int(withinMessage)
  .min(1, withinMessage)
  .max(DUE_WITHIN_MAX, withinMessage);

/** How far back the due list reaches: a vehicle more than a year overdue has found another shop. */
export const OVERDUE_DAYS_MAX = 365;

/** One vehicle of the due list: its latest oil change, who to call, and whether it is late or already booked. */
export const dueVehicleSchema = z.object({
  recordId: z.string(),
  bookingId: z.string().describe("the visit of the latest oil change"),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  vehicle: z.string().describe('"Silver Honda CR-V (SUV, 2020)"'),
  plate: z.string(),
  nextDueDate: z.string(),
  nextDueMileage: z.number().int(),
  lastVisit: z.string().describe("the day of the latest oil change (YYYY-MM-DD)"),
  lastOdometer: z.number().int(),
  oilName: z.string(),
  overdue: z.boolean().describe("the due date is before today"),
  booked: z.boolean().describe("an oil change for this vehicle has been booked since (bookedOilChangeSince)"),
});
export type DueVehicle = z.infer<typeof dueVehicleSchema>;
