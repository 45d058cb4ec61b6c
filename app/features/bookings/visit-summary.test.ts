import { buildShownBooking } from "../../../tests/factories";
import { describe, expect, it } from "vitest";
import { addOnNames, bookingVehicleName, lineAmount, priceNote, vehicleText } from "./visit-summary";

describe("a booking's vehicle", () => {
  it("is named as the garage names one, with its type and year beside it, else by its type", () => {
    const crv = buildShownBooking({ vehicleMake: "Honda", vehicleModel: "CR-V", vehicleColor: "Silver" });
    expect(bookingVehicleName(crv)).toBe("Silver Honda CR-V");
    expect(vehicleText(crv)).toBe("Silver Honda CR-V (SUV, 2020)");
    expect(vehicleText({ ...crv, vehicleYear: null, vehicleColor: "" })).toBe("Honda CR-V (SUV)");
    expect(vehicleText(buildShownBooking({ vehicleType: "Truck" }))).toBe("Truck (2020)");
    expect(vehicleText(buildShownBooking({ vehicleType: "Truck", vehicleYear: null }))).toBe("Truck");
  });
});

describe("a booking's add-ons and price", () => {
  it("names the add-ons by their lines, not the package's nor WASH5's", () => {
    const booking = buildShownBooking({
      lines: [
        { label: "Platinum Full Detail (Large)", amount: 279.99 },
        { label: "Pet-hair removal", amount: 40 },
        { label: "Engine bay", amount: 60 },
        { label: "WASH5 (5% off)", amount: -19 },
      ],
      addOns: ["6760a1b2c3d4e5f60123aaaa", "6760a1b2c3d4e5f60123bbbb"],
    });
    expect(addOnNames(booking)).toEqual(["Pet-hair removal", "Engine bay"]);
    expect(addOnNames({ ...booking, addOns: [] })).toEqual([]);
  });

  it("says a discount with its minus sign, and that an Other's price is confirmed at the shop", () => {
    expect(lineAmount(-13.15)).toBe("−$13.15");
    expect(lineAmount(35)).toBe("$35");
    expect(priceNote(buildShownBooking({ vehicleType: "Other" }))).toBe("Price confirmed at the shop");
    expect(priceNote(buildShownBooking({ vehicleType: "Other", lines: [], total: null }))).toBeUndefined();
    expect(priceNote(buildShownBooking())).toBeUndefined();
  });
});
