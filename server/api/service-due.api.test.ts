import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bookings, serviceRecords, type QuoteLineRow } from "~/.server/db/schema";
import { addMonths, DEFAULT_FOLLOW_UP_SETTINGS, includesOilChange } from "~/features/follow-ups/follow-ups.schema";
import { bookedOilChangeSince, oilChangeVisit } from "~/features/follow-ups/service-record-queries.server";
import { OIL_UNKNOWN } from "~/features/follow-ups/service-records.server";
import type { DueVehicle } from "~/features/follow-ups/service-records.schema";
import { callAs, jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, inDays, insertBookings } from "../../tests/factories";
import { serviceRecordHelpers } from "../../tests/oil-change-visits";
import { setupTestApp } from "../../tests/test-app";

/**
 * Service records (issue 28, part 1) and the admin's due list (part 2): an oil change recorded on a
 * visit gives the vehicle's next due date and mileage; the due list reads each vehicle's latest.
 * Run on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
const t = setupTestApp();
let admin: TestAccount;

beforeAll(async () => {
  admin = await signUpAdmin(t);
});

const { record, recordOf, dueList, visit } = serviceRecordHelpers(t, () => admin);

describe("the due list", () => {
  /** A vehicle's oil change whose next one falls about `dueIn` days from today (the months' days vary). */
  async function serviced(dueIn: number, overrides: Parameters<typeof buildBooking>[0] = {}, odometer = 20_000) {
    const booking = await visit({ preferredDate: addMonths(inDays(dueIn), -3), ...overrides });
    const { status, body } = await record(booking.id, { odometer, oilType: "conventional" });
    expect(status).toBe(200);
    return { booking, due: body as { nextDueDate: string; nextDueMileage: number } };
  }
  const mine = (items: DueVehicle[], ...emails: string[]) => items.filter((v) => emails.includes(v.email));

  it("lists each vehicle's latest oil change due within the days asked, or overdue by up to a year, soonest first", async () => {
    const soon = await serviced(5, { fullName: "Soon Customer", vehiclePlate: "SOON 1" });
    // The same vehicle's earlier oil change: history, not a second entry.
    await serviced(-60, { email: soon.booking.email, vehiclePlate: "soon-1" });
    const late = await serviced(-20, { fullName: "Late Customer", phone: "555-0100" });
    const later = await serviced(45);
    const lapsed = await serviced(-400);
    const emails = [soon, late, later, lapsed].map((s) => s.booking.email);

    const week = await dueList("within=7");
    expect(week.status).toBe(200);
    expect(mine(week.body, ...emails)).toEqual([
      {
        recordId: expect.any(String),
        bookingId: late.booking.id,
        fullName: "Late Customer",
        phone: "555-0100",
        email: late.booking.email,
        vehicle: "Silver Honda CR-V (SUV, 2020)",
        plate: "",
        nextDueDate: late.due.nextDueDate,
        nextDueMileage: 23_000,
        lastVisit: late.booking.preferredDate,
        lastOdometer: 20_000,
        oilName: "Conventional",
        overdue: true,
        booked: false,
      },
      expect.objectContaining({ bookingId: soon.booking.id, plate: "SOON 1", overdue: false, booked: false }),
    ]);

    const twoMonths = await dueList("within=60");
    expect(mine(twoMonths.body, ...emails).map((v) => v.bookingId)).toEqual([
      late.booking.id,
      soon.booking.id,
      later.booking.id,
    ]);
  });

  it("counts every match in X-Total-Count and pages by limit and offset", async () => {
    const response = await t.request("/api/service-due?within=365&limit=2&offset=1", {
      headers: { Cookie: admin.cookie },
    });
    const all = await t.request("/api/service-due?within=365&limit=200", { headers: { Cookie: admin.cookie } });
    const everything = (await all.json()) as DueVehicle[];
    expect(Number(response.headers.get("x-total-count"))).toBe(everything.length);
    expect(((await response.json()) as DueVehicle[]).map((v) => v.recordId)).toEqual(
      everything.slice(1, 3).map((v) => v.recordId),
    );
    const dates = everything.map((v) => v.nextDueDate);
    expect(dates).toEqual([...dates].sort());
  });

  it("says Booked once an oil change for the vehicle is booked since, and not for a cancelled one or another car", async () => {
    const booked = await serviced(3, { vehiclePlate: "BK 100" });
    const cancelledOnly = await serviced(3, { vehiclePlate: "BK 200" });
    const otherCar = await serviced(3, { vehiclePlate: "BK 300" });
    await insertBookings(t.database.db, [
      buildBooking({
        email: booked.booking.email,
        vehiclePlate: "bk-100",
        serviceType: "Oil Change",
        preferredDate: inDays(2),
      }),
      buildBooking({
        email: cancelledOnly.booking.email,
        vehiclePlate: "BK 200",
        serviceType: "Oil Change",
        preferredDate: inDays(2),
        status: "cancelled",
      }),
      buildBooking({
        email: otherCar.booking.email,
        vehiclePlate: "ZZ 999",
        serviceType: "Oil Change",
        preferredDate: inDays(2),
      }),
    ]);
    const { body } = await dueList("within=30");
    const flags = Object.fromEntries(
      mine(body, booked.booking.email, cancelledOnly.booking.email, otherCar.booking.email).map((v) => [
        v.plate,
        v.booked,
      ]),
    );
    expect(flags).toEqual({ "BK 100": true, "BK 200": false, "BK 300": false });
  });

  it("refuses a reach outside 1–365 days, and reads 30 without one", async () => {
    for (const within of ["0", "366", "abc", "7.5", "-3"]) expect((await dueList(`within=${within}`)).status).toBe(400);
    const far = await serviced(40);
    expect(mine((await dueList("")).body, far.booking.email)).toEqual([]);
    expect(mine((await dueList("within=60")).body, far.booking.email)).toHaveLength(1);
  });
});

describe("the due list as CSV", () => {
  it("downloads every vehicle of the list, its cells safe from spreadsheet formulas", async () => {
    const booking = await visit({ fullName: '=HYPERLINK("http://evil")', preferredDate: addMonths(inDays(10), -3) });
    await record(booking.id, { odometer: 15_000, oilType: "conventional" });
    const response = await t.request("/api/service-due.csv?within=30", { headers: { Cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="service-due-${inDays(0)}-30-days.csv"`,
    );
    // Read as bytes: a text decoder drops the byte-order mark Excel needs.
    const text = Buffer.from(await response.arrayBuffer()).toString("utf8");
    const [header, ...rows] = text.split("\r\n");
    expect(header).toBe(
      "\uFEFFDue date,Due mileage,State,Full name,Phone,Email,Vehicle,Plate,Last visit,Odometer at last visit,Oil",
    );
    const json = (await dueList("within=30")).body as DueVehicle[];
    expect(rows.filter(Boolean)).toHaveLength(json.length);
    const row = rows.find((r) => r.includes(booking.email))!;
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain(",18000,Due soon,");
  });
});

describe("the follow-up settings", () => {
  it("an admin reads and changes them; a bad value is a field error and changes nothing", async () => {
    expect((await callAs(t, admin, "/api/follow-up-settings")).body).toEqual(DEFAULT_FOLLOW_UP_SETTINGS);
    const oilTypes = [
      ...DEFAULT_FOLLOW_UP_SETTINGS.oilTypes,
      { id: "diesel", name: "Diesel 5W-40", months: 12, miles: 10_000, price: 25 },
    ];
    const changed = await callAs(
      t,
      admin,
      "/api/follow-up-settings",
      jsonPost({ oilTypes, dueReminderDaysBefore: 10 }, { method: "PATCH" }),
    );
    expect(changed).toEqual({
      status: 200,
      body: { ...DEFAULT_FOLLOW_UP_SETTINGS, oilTypes, dueReminderDaysBefore: 10 },
    });
    const refused = await callAs(
      t,
      admin,
      "/api/follow-up-settings",
      jsonPost({ oilTypes: [{ id: "x", name: "X", months: 0, miles: 100 }] }, { method: "PATCH" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({
      "oilTypes.0.months": "Months must be a whole number from 1 to 24",
      "oilTypes.0.miles": "Miles must be a whole number from 500 to 25,000",
    });
    expect((await callAs(t, admin, "/api/follow-up-settings")).body.oilTypes).toEqual(oilTypes);

    // A new oil is recorded by its id at once; the records keep an oil's name when it is removed later.
    const booking = await visit({ preferredDate: "2026-01-15" });
    expect((await record(booking.id, { odometer: 90_000, oilType: "diesel" })).body).toMatchObject({
      nextDueDate: "2027-01-15",
      nextDueMileage: 100_000,
    });
    await callAs(
      t,
      admin,
      "/api/follow-up-settings",
      jsonPost({ oilTypes: DEFAULT_FOLLOW_UP_SETTINGS.oilTypes }, { method: "PATCH" }),
    );
    expect((await recordOf(booking.id)).body.record.oilName).toBe("Diesel 5W-40");
    expect((await record(booking.id, { odometer: 90_000, oilType: "diesel" })).body.error.fields).toEqual({
      oilType: OIL_UNKNOWN,
    });
  });
});

describe("the oil-change rule in SQL and in TypeScript", () => {
  const line = (kind: QuoteLineRow["kind"], label: string): QuoteLineRow => ({
    kind,
    label,
    amountCents: 1000,
    minutes: 10,
  });
  const cases: [string, string, QuoteLineRow[]][] = [
    ["the Oil Change service", "Oil Change", []],
    ["a package named for its oil", "Full Detail", [line("package", "Full Synthetic Oil Change (Small)")]],
    ["a quick lube package", "Hand Wash", [line("package", "Quick Lube & Conventional Oil (Medium)")]],
    ["an add-on", "Hand Wash", [line("service", "Hand Wash (Small)"), line("add-on", "Oil top-up")]],
    ["upper case, hyphenated", "Wax", [line("package", "OIL-CHANGE SPECIAL")]],
    ["a wash", "Hand Wash", [line("service", "Hand Wash (Small)")]],
    ["oil inside a word", "Full Detail", [line("package", "Boiling Foam Detail"), line("add-on", "Toiletries")]],
    ["lube inside a word", "Wax", [line("add-on", "Lubed hinges")]],
    ["the promo's line", "Hand Wash", [line("promo", "Oil promo (5% off)")]],
    ["no lines at all", "Engine Clean", []],
  ];

  it("oilChangeVisit answers as includesOilChange for each", async () => {
    const rows = await insertBookings(
      t.database.db,
      cases.map(([, serviceType, lines]) => buildBooking({ serviceType, lines })),
    );
    const answers = await t.database.db
      .select({ id: bookings.id, sql: oilChangeVisit(bookings) })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          rows.map((r) => r.id),
        ),
      );
    const bySql = new Map(answers.map((a) => [a.id, a.sql]));
    const compared = cases.map(([name, serviceType, lines], i) => [
      name,
      bySql.get(rows[i]!.id),
      includesOilChange({ serviceType, lines }),
    ]);
    expect(compared.map(([name, inSql]) => [name, inSql])).toEqual(compared.map(([name, , inTs]) => [name, inTs]));
    expect(compared.filter(([, , inTs]) => inTs).map(([name]) => name)).toEqual([
      "the Oil Change service",
      "a package named for its oil",
      "a quick lube package",
      "an add-on",
      "upper case, hyphenated",
    ]);
  });

  it("bookedOilChangeSince counts a later oil change of the same vehicle only", async () => {
    const base = await visit({ preferredDate: "2026-03-02", vehiclePlate: "SQL 1" });
    await record(base.id, { odometer: 5000, oilType: "conventional" });
    const since = async () =>
      (
        await t.database.db
          .select({ booked: bookedOilChangeSince(serviceRecords) })
          .from(serviceRecords)
          .where(eq(serviceRecords.bookingId, base.id))
      )[0]!.booked;
    const same = { email: base.email, vehiclePlate: "sql-1" };
    expect(await since()).toBe(false);
    // A wash of the same car, an oil change of another, a missed oil change: still not booked.
    await insertBookings(t.database.db, [
      buildBooking({ ...same, serviceType: "Hand Wash", lines: [line("service", "Hand Wash (Small)")] }),
      buildBooking({ email: base.email, vehiclePlate: "OTHER 2", serviceType: "Oil Change" }),
      buildBooking({ ...same, serviceType: "Oil Change", visitStage: "no-show", preferredDate: "2026-06-01" }),
    ]);
    expect(await since()).toBe(false);
    await insertBookings(t.database.db, [
      buildBooking({ ...same, serviceType: "Hand Wash", lines: [line("add-on", "Oil change add-on")] }),
    ]);
    expect(await since()).toBe(true);
  });
});
