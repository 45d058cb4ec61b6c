import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "~/.server/db/schema";
import { SLOT_FULL } from "~/features/bookings/bookings.server";
import { DEFAULT_SHOP_HOURS } from "~/features/bookings/shop-hours";
import { jsonPost, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBookingRequest, inDays } from "../../tests/factories";
import { setupOtherProcess, waitUntil } from "../../tests/other-process";
import { setupTestApp } from "../../tests/test-app";

/**
 * Every process keeps the booking rules (bays, the business's address, the reminder's hours) it
 * read, and drops them when an admin saves the settings: this process at once, every other one
 * (PostgreSQL) through LISTEN/NOTIFY. A booking is never judged or told by rules an admin changed
 * before it was asked for.
 */
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000" } });
let admin: TestAccount;
beforeAll(async () => {
  admin = await signUpAdmin(t);
});

type Call = (path: string, init?: RequestInit) => Promise<Response>;
const here: Call = (p, init) => t.request(p, init);

const saveSettings = async (body: unknown) =>
  expect(
    (await t.request("/api/booking-settings", jsonPost(body, { cookie: admin.cookie, method: "PATCH" }))).status,
  ).toBe(200);

let customers = 0;
/** A visitor's request for the date's 09:00 slot, from an e-mail of its own. */
async function book(call: Call, date: string) {
  const response = await call(
    "/api/bookings",
    jsonPost(buildBookingRequest({ email: `rules${++customers}@example.com`, preferredDate: date })),
  );
  return {
    status: response.status,
    body: (await response.json()) as { insertedId?: string; error?: { message: string } },
  };
}

/** Whether a booking's request told the business at `to`. */
async function toldBusinessAt(bookingId: string, to: string) {
  const rows = await t.database.db
    .select({ to: outbox.to })
    .from(outbox)
    .where(and(eq(outbox.bookingId, bookingId), eq(outbox.to, to)));
  return rows.length === 1;
}

async function judgedBy(call: Call, date: string, bays: number) {
  for (let i = 0; i < bays; i++) expect((await book(call, date)).status).toBe(201);
  const refused = await book(call, date);
  expect(refused.status).toBe(409);
  expect(refused.body.error?.message).toBe(SLOT_FULL);
}

describe("in this process", () => {
  it("judges the next booking by the bays and tells the business address saved just before", async () => {
    await saveSettings({ bays: 2, notifyEmail: "first@example.com" });
    await judgedBy(here, inDays(30), 2);
    await saveSettings({ bays: 1, notifyEmail: "second@example.com" });
    await judgedBy(here, inDays(31), 1);
    const { body } = await book(here, inDays(32));
    expect(await toldBusinessAt(body.insertedId!, "second@example.com")).toBe(true);
  });
});

// Another process exists only on PostgreSQL: the embedded database is one process's (DATA_DIR's lock).
if (process.env.TEST_DB_KIND === "postgres") {
  describe("in another process on the same PostgreSQL database", { tags: ["engine"] }, () => {
    const other = setupOtherProcess(t);
    const there: Call = (p, init) => other.request(p, init);

    it("judges and tells by the settings saved here, once the change is heard (within a second)", async () => {
      await saveSettings({ bays: 3, notifyEmail: "third@example.com" });
      // The other process reads the rules and keeps them.
      await waitUntil(async () => (await book(there, inDays(40))).status === 201, 1000);
      await saveSettings({ bays: 1, notifyEmail: "fourth@example.com" });
      // Each try books a place of its own date: the first after the change is heard is refused as full on a date with one booking.
      let n = 50;
      await waitUntil(async () => {
        const date = inDays(n++);
        expect((await book(there, date)).status).toBe(201);
        return (await book(there, date)).status === 409;
      }, 1000);
      const { body } = await book(there, inDays(n));
      expect(await toldBusinessAt(body.insertedId!, "fourth@example.com")).toBe(true);
    });

    it("offers the windows of the hours saved here, once the change is heard (within a second)", async () => {
      const date = inDays(60);
      const lastWindow = async () => {
        const response = await there(`/api/availability/days?from=${date}&days=1&serviceType=Hand%20Wash`);
        const { days } = (await response.json()) as {
          days: { slots: { slot: string; end: string; offered: boolean }[] }[];
        };
        return days[0]!.slots.at(-1)!;
      };
      // Read (and kept) there first.
      expect((await lastWindow()).slot).toBe("17:00–19:00");
      const openingHours = DEFAULT_SHOP_HOURS.openingHours.map((d) => ({ ...d, closes: d.open ? "20:00" : d.closes }));
      await saveSettings({ ...DEFAULT_SHOP_HOURS, openingHours });
      await waitUntil(async () => (await lastWindow()).end === "19:00", 1000);
      await saveSettings(DEFAULT_SHOP_HOURS);
    });
  });
}
