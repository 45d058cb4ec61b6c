import { describe, expect, it } from "vitest";
import type { AddOn } from "~/features/pricing/pricing.schema";
import { addOnPriceText, addOnsFor, fittingAddOns, vehicleLabel, quoteBody, suggestedVehicle } from "./visit-choice";

const addOn = (id: string, over: Partial<AddOn> = {}): AddOn => ({
  _id: id,
  name: id,
  description: "",
  price: 30,
  minutes: 15,
  prices: [
    { classId: "small", className: "Small", price: 30, minutes: 15 },
    { classId: "medium", className: "Medium", price: 35, minutes: 20 },
    { classId: "large", className: "Large", price: 42.5, minutes: 90 },
  ],
  classPrices: {},
  serviceTypes: [],
  planIds: [],
  includedPlanIds: [],
  active: true,
  ...over,
});

const petHair = addOn("pet-hair", { serviceTypes: ["Full Detail", "Interior Clean"] });
const engineBay = addOn("engine-bay", { serviceTypes: ["Full Detail"] });
const tireShine = addOn("tire-shine");
const wipers = addOn("wipers", { serviceTypes: ["Oil Change"], planIds: ["p-premium"] });
const shop = [petHair, engineBay, tireShine, wipers];

describe("quoteBody", () => {
  it("asks nothing until the vehicle type and the service are chosen", () => {
    expect(quoteBody({ serviceType: "Hand Wash", addOns: [] })).toBeNull();
    expect(quoteBody({ vehicleType: "SUV", serviceType: "", addOns: [] })).toBeNull();
  });

  it("sends the package by id, else the tier, and the code as the server reads it", () => {
    expect(
      quoteBody({
        vehicleType: "SUV",
        serviceType: "Full Detail",
        planId: "p1",
        packageSelection: "Premium",
        addOns: ["a"],
        promoCode: " wash5 ",
      }),
    ).toEqual({ vehicleType: "SUV", serviceType: "Full Detail", planId: "p1", addOns: ["a"], promoCode: "WASH5" });
    expect(quoteBody({ vehicleType: "Car", vehicleId: "v1", serviceType: "Hand Wash" })).toEqual({
      vehicleType: "Car",
      vehicleId: "v1",
      serviceType: "Hand Wash",
      packageSelection: "None",
      addOns: [],
      promoCode: "",
    });
  });
});

describe("add-ons for a visit", () => {
  it("offers those of the service, of the package, and those naming neither; none before a service", () => {
    expect(addOnsFor(shop, { serviceType: "Full Detail" }).map((a) => a._id)).toEqual([
      "pet-hair",
      "engine-bay",
      "tire-shine",
    ]);
    expect(addOnsFor(shop, { serviceType: "Hand Wash", planId: "p-premium" }).map((a) => a._id)).toEqual([
      "tire-shine",
      "wipers",
    ]);
    expect(addOnsFor(shop, { serviceType: "" })).toEqual([]);
  });

  it("keeps the chosen ones that still go with the visit, in the shop's order", () => {
    const chosen = ["tire-shine", "engine-bay", "pet-hair"];
    expect(fittingAddOns(shop, chosen, { serviceType: "Full Detail" })).toEqual([
      "pet-hair",
      "engine-bay",
      "tire-shine",
    ]);
    expect(fittingAddOns(shop, chosen, { serviceType: "Interior Clean" })).toEqual(["pet-hair", "tire-shine"]);
    // One the shop no longer offers is dropped.
    expect(fittingAddOns([tireShine], chosen, { serviceType: "Full Detail" })).toEqual(["tire-shine"]);
  });

  it("says the price and minutes for the vehicle's class, or from the smallest class's", () => {
    expect(addOnPriceText(petHair, "medium")).toBe("+ $35 · 20 min");
    expect(addOnPriceText(petHair, "large")).toBe("+ $42.50 · 1 hr 30 min");
    expect(addOnPriceText(petHair, null)).toBe("+ from $30 · 15 min");
    expect(addOnPriceText(addOn("wiper-blades", { minutes: 0, prices: [] }), "small")).toBe("+ from $30");
    // A Spanish page's: "desde", and its lengths' "h".
    expect(addOnPriceText(petHair, "large", "es")).toBe("+ $42.50 · 1 h 30 min");
    expect(addOnPriceText(petHair, null, "es")).toBe("+ desde $30 · 15 min");
  });
});

describe("saved vehicles", () => {
  const car = {
    _id: "v1",
    nickname: "",
    make: "Honda",
    model: "CR-V",
    color: "Silver",
    year: 2019,
    vehicleType: "SUV" as const,
  };

  it("names a vehicle with its type and year", () => {
    expect(vehicleLabel(car)).toBe("Silver Honda CR-V (SUV, 2019)");
    expect(
      vehicleLabel({
        ...car,
        make: "",
        model: "",
        color: "",
        nickname: "Work van",
        vehicleType: "Minivan",
        year: null,
      }),
    ).toBe("Work van (Minivan)");
    expect(vehicleLabel({ ...car, make: "", model: "", color: "" })).toBe("SUV (2019)");
    expect(vehicleLabel({ ...car, make: "", model: "", color: "", year: null })).toBe("SUV");
    // The type named in the page's language, the name too where it is the type.
    const spanish = (type: string) => (type === "Car" ? "Auto" : type);
    expect(vehicleLabel({ ...car, vehicleType: "Car" }, spanish)).toBe("Silver Honda CR-V (Auto, 2019)");
    expect(vehicleLabel({ ...car, make: "", model: "", color: "", vehicleType: "Car" }, spanish)).toBe("Auto (2019)");
  });

  it("starts with the only vehicle unless the form names another", () => {
    const truck = { _id: "v2", vehicleType: "Truck" as const };
    expect(suggestedVehicle([car, truck], {})).toBeUndefined();
    expect(suggestedVehicle([car], {})).toBe("v1");
    expect(suggestedVehicle([car], { vehicleType: "SUV" })).toBe("v1");
    expect(suggestedVehicle([car], { vehicleType: "Truck" })).toBeUndefined();
    expect(suggestedVehicle([car], { vehicleType: "SUV", make: "Ford" })).toBeUndefined();
    expect(suggestedVehicle([], {})).toBeUndefined();
  });
});
