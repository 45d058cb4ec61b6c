import { describe, expect, it } from "vitest";
import { detailsFromLastBooking } from "./member-details";

const booking = (createdAt: string, fullName: string, vehicleYear: number | null = 2019) => ({
  fullName,
  phone: "555 0100",
  vehicleType: "SUV",
  vehicleYear,
  createdAt,
});

describe("detailsFromLastBooking", () => {
  it("takes the booking asked for last, whatever the list's order", () => {
    const list = [
      booking("2030-01-02T10:00:00Z", "Second"),
      booking("2030-01-03T10:00:00Z", "Last", null),
      booking("2030-01-01T10:00:00Z", "First"),
    ];
    expect(detailsFromLastBooking(list, "Account Name")).toEqual({
      fullName: "Last",
      phone: "555 0100",
      vehicleType: "SUV",
    });
  });

  it("takes the vehicle as booked: the garage's by id, or the make and model given", () => {
    const garage = {
      ...booking("2030-01-02T10:00:00Z", "Robin"),
      vehicleId: "v1",
      vehicleMake: "Honda",
      vehicleModel: "CR-V",
      vehicleColor: "",
    };
    expect(detailsFromLastBooking([garage])).toEqual({
      fullName: "Robin",
      phone: "555 0100",
      vehicleId: "v1",
      vehicleType: "SUV",
      vehicleYear: "2019",
      vehicleMake: "Honda",
      vehicleModel: "CR-V",
    });
    expect(detailsFromLastBooking([{ ...garage, vehicleId: null }])).not.toHaveProperty("vehicleId");
  });

  it("gives only the account's name to a member with no booking yet", () => {
    expect(detailsFromLastBooking([], "Morgan")).toEqual({ fullName: "Morgan" });
    expect(detailsFromLastBooking([])).toEqual({});
  });
});
