import { eq } from "drizzle-orm";
import { bookings, bookingVehicleKey, serviceRecords, type BookingRow } from "~/.server/db/schema";
import { DEFAULT_OIL_TYPES, nextDue } from "~/features/follow-ups/follow-ups.schema";
import { newObjectId } from "~/lib/object-id";
import { callAs, jsonPost, type TestAccount } from "./accounts";
import { buildBooking, inDays, insertBookings } from "./factories";
import type { TestApp } from "./test-app";

/**
 * A collected oil change with its service record, written straight to the database: the due
 * reminders' tests start from a visit months ago, which no request can book. (The service records'
 * own API writes the record as this does: the booking's vehicle key, the oil's next due date.)
 */
export async function insertOilChangeVisit(
  t: TestApp,
  {
    servicedOn = "2026-09-03",
    odometer = 34_000,
    oilType = "full-synthetic",
    ...booking
  }: Partial<typeof bookings.$inferInsert> & { servicedOn?: string; odometer?: number; oilType?: string } = {},
): Promise<{ booking: BookingRow; recordId: string; nextDueDate: string; nextDueMileage: number }> {
  const [row] = await insertBookings(t.database.db, [
    buildBooking({
      fullName: "Dana Whitfield",
      serviceType: "Oil Change",
      vehicleType: "SUV",
      vehicleYear: 2020,
      vehicleMake: "Honda",
      vehicleModel: "CR-V",
      vehicleColor: "Silver",
      preferredDate: servicedOn,
      status: "confirmed",
      visitStage: "collected",
      visitStageAt: new Date(`${servicedOn}T15:00:00Z`),
      lines: [{ kind: "service", label: "Oil Change (Medium)", amountCents: 4499, minutes: 30 }],
      totalCents: 4499,
      createdAt: new Date(`${servicedOn}T12:00:00Z`),
      ...booking,
    }),
  ]);
  const oil = DEFAULT_OIL_TYPES.find((o) => o.id === oilType)!;
  const due = nextDue(servicedOn, odometer, oil);
  const [{ key }] = (await t.database.db
    .select({ key: bookingVehicleKey(bookings) })
    .from(bookings)
    .where(eq(bookings.id, row!.id))) as [{ key: string }];
  const recordId = newObjectId();
  await t.database.db.insert(serviceRecords).values({
    id: recordId,
    bookingId: row!.id,
    vehicleKey: key,
    odometer,
    oilType: oil.id,
    oilName: oil.name,
    servicedOn,
    ...due,
  });
  return { booking: row!, recordId, ...due };
}

/**
 * The service records' API tests' helpers (service-records and service-due.api.test.ts): a record
 * saved and read on a visit (by the admin unless told), the due list, and a stored oil-change visit
 * of a customer of its own, yesterday (overrides win).
 */
export function serviceRecordHelpers(t: TestApp, admin: () => TestAccount) {
  const record = (bookingId: string, body: unknown, who: TestAccount | null = admin()) =>
    callAs(t, who, `/api/bookings/${bookingId}/service-record`, jsonPost(body));
  const recordOf = (bookingId: string, who: TestAccount | null = admin()) =>
    callAs(t, who, `/api/bookings/${bookingId}/service-record`);
  const dueList = (query: string, who: TestAccount | null = admin()) => callAs(t, who, `/api/service-due?${query}`);
  let seq = 0;
  async function visit(overrides: Parameters<typeof buildBooking>[0] = {}) {
    seq++;
    const [row] = await insertBookings(t.database.db, [
      buildBooking({
        email: `oil${seq}-${Date.now()}@example.com`,
        serviceType: "Oil Change",
        vehicleMake: "Honda",
        vehicleModel: "CR-V",
        vehicleColor: "Silver",
        vehicleYear: 2020,
        preferredDate: inDays(-1),
        ...overrides,
      }),
    ]);
    return row!;
  }
  return { record, recordOf, dueList, visit };
}
