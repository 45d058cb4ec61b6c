import { describe, expect, it } from "vitest";
import { closeDateSchema } from "./settings/booking-settings.schema";
import { bookingRequestSchema } from "./bookings.schema";

const request = {
  fullName: "Jamie Rivera",
  phone: "(555) 201-3344",
  email: "jamie@example.com",
  vehicleType: "SUV",
  serviceType: "Full Detail",
  preferredTimeSlot: "Anytime",
};

describe("a schema given today as a function (the API's, which outlives the day)", () => {
  it("reads today at each parse, for the date and the newest vehicle year", () => {
    let today = "2026-12-31";
    const schema = bookingRequestSchema({ today: () => today, requireEmail: true });
    expect(schema.safeParse({ ...request, preferredDate: "2026-12-31", vehicleYear: 2027 }).success).toBe(true);

    today = "2027-01-01";
    const issues = schema.safeParse({ ...request, preferredDate: "2026-12-31", vehicleYear: 2029 }).error?.issues;
    expect(issues?.map((i) => [i.path.join("."), i.message])).toEqual([
      ["vehicleYear", "Year must be ≤ 2028"],
      ["preferredDate", "Choose today or a later date"],
    ]);
  });

  it("closes only today or later, as today moves", () => {
    let today = "2026-05-30";
    const schema = closeDateSchema(() => today);
    expect(schema.safeParse({ date: "2026-05-30" }).success).toBe(true);
    today = "2026-05-31";
    expect(schema.safeParse({ date: "2026-05-30" }).error?.issues[0]?.message).toBe("Choose today or a later date");
  });
});
