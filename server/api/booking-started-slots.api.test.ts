import { describe, expect, it } from "vitest";
import { businessToday } from "~/lib/business-date";
import { jsonPost } from "../../tests/accounts";
import { buildBookingRequest } from "../../tests/factories";
import { setupTestApp } from "../../tests/test-app";

/**
 * A slot of today that has begun cannot be asked for. The test picks, when it runs, a time zone
 * where it is now between 11:00 and 23:00 (one always exists: zones span UTC−11 to UTC+14), so
 * that today's 09:00–11:00 slot has started there.
 */
const ZONES = [
  "Pacific/Pago_Pago",
  "Pacific/Honolulu",
  "America/Los_Angeles",
  "America/New_York",
  "Atlantic/Azores",
  "Europe/London",
  "Europe/Athens",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Pacific/Auckland",
  "Pacific/Kiritimati",
];
const hourIn = (zone: string) =>
  Number(new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
const zone = ZONES.find((z) => hourIn(z) >= 11 && hourIn(z) < 23)!;
const t = setupTestApp({ env: { BUSINESS_TIMEZONE: zone, RATE_LIMIT_BOOKINGS: "1000" } });

describe(`slots that have started (business time zone ${zone})`, () => {
  it("are shown as started with no places, and refused with a message", async () => {
    const today = businessToday(zone);
    const availability = await t.json<{ slots: { slot: string; remaining: number; started: boolean }[] }>(
      `/api/availability?date=${today}`,
    );
    expect(availability.body.slots[0]).toMatchObject({
      slot: "09:00–11:00",
      remaining: 0,
      started: true,
      offered: false,
      reason: "started",
    });
    const response = await t.json<{ error: { fields: Record<string, string> } }>(
      "/api/bookings",
      jsonPost(buildBookingRequest({ fullName: "Late Larry", preferredDate: today, preferredTimeSlot: "09:00–11:00" })),
    );
    expect(response.status).toBe(409);
    expect(response.body.error.fields.preferredTimeSlot).toBe(
      "That time slot has already started. Please choose another.",
    );
    const anytime = await t.request(
      "/api/bookings",
      jsonPost(buildBookingRequest({ fullName: "Late Larry", preferredDate: today, preferredTimeSlot: "Anytime" })),
    );
    expect(anytime.status).toBe(201);
  });
});
