import { buildShownBooking } from "../../../tests/factories";
import { describe, expect, it } from "vitest";
import { bookingsCsvHeader, bookingsCsvRows } from "./bookings-csv";
import type { Booking } from "./bookings.schema";

const booking: Booking = buildShownBooking({
  fullName: 'Ann "Annie" Lee, Jr.',
  packageName: "Premium Shine",
  packagePrice: 289,
  promoCode: "WASH5",
  discount: 14.45,
  finalPrice: 274.55,
  preferredDate: "2026-11-23",
  preferredTimeSlot: "09:00–11:00",
  minutes: 120,
  specialInstructions: '=HYPERLINK("http://evil")\nsecond line',
  status: "confirmed",
  lines: [
    { label: "Premium Shine (Medium)", amount: 289 },
    { label: "WASH5 (5% off)", amount: -14.45 },
  ],
  total: 274.55,
});

describe("bookings CSV", () => {
  it("starts with UTF-8's byte-order mark, then a header row naming every column", () => {
    expect(bookingsCsvHeader()).toBe(
      "\uFEFFReference,Requested at (UTC),Status,Date,Time slot,Full name,Phone,Email,Vehicle type,Vehicle year,Service,Package selection,Package,Package price,Promo code,Discount,Final price,Special instructions,Vehicle,Add-ons,Total,Minutes\r\n",
    );
  });

  it("names each booking by the reference its customer has", () => {
    expect(bookingsCsvRows([booking])).toMatch(/^01234567,2026-11-21T10:00:00.000Z,confirmed,/);
  });

  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    const row = bookingsCsvRows([booking]);
    expect(row).toContain(`"Ann ""Annie"" Lee, Jr."`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")\nsecond line"`);
    expect(row).toContain(",289,WASH5,14.45,274.55,");
    expect(row.endsWith("\r\n")).toBe(true);
  });

  it("ends with the vehicle as the counter names it, the add-ons, the visit's total and its minutes", () => {
    const priced = {
      ...booking,
      vehicleMake: "Honda",
      vehicleModel: "CR-V",
      vehicleColor: "Silver",
      lines: [
        { label: "Platinum Full Detail (Medium)", amount: 227.99 },
        { label: "Pet-hair removal", amount: 35 },
        { label: "Engine bay, degreased", amount: 45 },
        { label: "WASH5 (5% off)", amount: -15.4 },
      ],
      addOns: ["6760a1b2c3d4e5f60123aaaa", "6760a1b2c3d4e5f60123bbbb"],
      total: 292.59,
      minutes: 330,
    };
    expect(bookingsCsvRows([priced])).toMatch(
      /,Silver Honda CR-V,"Pet-hair removal; Engine bay, degreased",292.59,330\r\n$/,
    );
    // Without make or model: the type; no add-ons, no price: empty.
    expect(bookingsCsvRows([{ ...booking, lines: [], total: null, minutes: 30 }])).toMatch(/,SUV,,,30\r\n$/);
  });

  it("leaves empty values empty", () => {
    expect(
      bookingsCsvRows([
        { ...booking, vehicleYear: null, packagePrice: null, finalPrice: null, specialInstructions: "" },
      ]),
    ).toContain(",SUV,,Full Detail,");
  });
});
