import { describe, expect, it } from "vitest";
import type { ServiceType } from "~/features/bookings/bookings.schema";
import {
  addOnFits,
  classPricesFromInput,
  DEFAULT_SIZE_CLASSES,
  readClassPrices,
  readSizeClasses,
  sizeClassesSchema,
  type SizeClasses,
} from "./pricing.schema";

/** The admin's size classes and class tables as the API takes them, and as the database gives them back. */

const renamed = (): SizeClasses => ({
  classes: [
    { id: "small", name: "Compact", surchargePercent: 0, extraMinutes: 0 },
    { id: "medium", name: "Mid-size", surchargePercent: 15, extraMinutes: 10 },
    { id: "large", name: "Oversize", surchargePercent: 50, extraMinutes: 45 },
  ],
  vehicleClass: { ...DEFAULT_SIZE_CLASSES.vehicleClass, Car: "medium", Other: "small" },
});

/** A refusal's messages by the field they are under ("" for the whole). */
function refusals(value: unknown): Record<string, string> {
  const result = sizeClassesSchema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("sizeClassesSchema", () => {
  it("takes the defaults and a renamed, re-mapped set as they are", () => {
    expect(sizeClassesSchema.parse(DEFAULT_SIZE_CLASSES)).toEqual(DEFAULT_SIZE_CLASSES);
    expect(sizeClassesSchema.parse(renamed())).toEqual(renamed());
  });

  it("refuses two classes of one name, whatever their case", () => {
    const value = renamed();
    value.classes[2]!.name = "mid-SIZE";
    expect(refusals(value)).toEqual({ classes: "Each class needs its own name" });
  });

  it("refuses the classes in another order", () => {
    const value = renamed();
    value.classes = [value.classes[1]!, value.classes[0]!, value.classes[2]!];
    expect(refusals(value)).toEqual({ classes: "Give the classes small, medium and large, in that order" });
  });

  it("refuses fewer than three classes", () => {
    const value = renamed();
    value.classes = value.classes.slice(0, 2);
    expect(refusals(value)).toMatchObject({ classes: "Give the three classes" });
  });

  it("refuses a vehicle type left without a class, and a class that does not exist", () => {
    const { Truck: _truck, ...rest } = DEFAULT_SIZE_CLASSES.vehicleClass;
    expect(refusals({ ...DEFAULT_SIZE_CLASSES, vehicleClass: rest })).toEqual({
      "vehicleClass.Truck": "Choose a class",
    });
    expect(
      refusals({ ...DEFAULT_SIZE_CLASSES, vehicleClass: { ...DEFAULT_SIZE_CLASSES.vehicleClass, SUV: "huge" } }),
    ).toEqual({ "vehicleClass.SUV": "Choose a class" });
  });

  it("refuses an empty name, a surcharge or extra minutes out of range", () => {
    const value = renamed();
    value.classes[1] = { ...value.classes[1]!, name: "  ", surchargePercent: 301, extraMinutes: 12.5 };
    expect(refusals(value)).toEqual({
      "classes.1.name": "Name is required",
      "classes.1.surchargePercent": "Surcharge must be a whole percent from 0 to 300",
      "classes.1.extraMinutes": "Extra minutes must be whole minutes from 0 to 480",
    });
  });

  it("keeps the first class as the base: no surcharge, no extra minutes", () => {
    const value = renamed();
    value.classes[0] = { ...value.classes[0]!, surchargePercent: 10, extraMinutes: 5 };
    expect(sizeClassesSchema.parse(value).classes[0]).toEqual({
      id: "small",
      name: "Compact",
      surchargePercent: 0,
      extraMinutes: 0,
    });
  });
});

describe("readSizeClasses", () => {
  it("reads a stored set back", () => {
    expect(readSizeClasses(renamed())).toEqual(renamed());
  });

  it("falls back to the defaults when nothing is stored or the row cannot be read", () => {
    expect(readSizeClasses(undefined)).toEqual(DEFAULT_SIZE_CLASSES);
    expect(readSizeClasses(null)).toEqual(DEFAULT_SIZE_CLASSES);
    expect(readSizeClasses("Small, Medium, Large")).toEqual(DEFAULT_SIZE_CLASSES);
    const { Other: _other, ...unmapped } = DEFAULT_SIZE_CLASSES.vehicleClass;
    expect(readSizeClasses({ ...renamed(), vehicleClass: unmapped })).toEqual(DEFAULT_SIZE_CLASSES);
  });
});

describe("readClassPrices", () => {
  it("keeps well-formed cells, a price alone and minutes alone", () => {
    expect(readClassPrices({ medium: { priceCents: 2999, minutes: 45 }, large: { minutes: 60 } })).toEqual({
      medium: { priceCents: 2999, minutes: 45 },
      large: { minutes: 60 },
    });
    expect(readClassPrices({ large: { priceCents: 0 } })).toEqual({ large: { priceCents: 0 } });
  });

  it("drops malformed cells and values", () => {
    expect(
      readClassPrices({
        medium: { priceCents: -1, minutes: 0 },
        large: { priceCents: 19.99, minutes: "60" },
      }),
    ).toEqual({});
    expect(readClassPrices({ medium: { priceCents: "2999", minutes: 45 }, large: "cheap" })).toEqual({
      medium: { minutes: 45 },
    });
    // The first class's price is the item's own: a "small" cell is not read.
    expect(readClassPrices({ small: { priceCents: 100 } })).toEqual({});
  });

  it("reads anything that is not a table as no cells", () => {
    for (const value of [undefined, null, "", 42, []]) expect(readClassPrices(value)).toEqual({});
  });
});

describe("classPricesFromInput", () => {
  it("turns dollars into cents and drops empty cells", () => {
    expect(
      classPricesFromInput({ medium: { price: 29.99, minutes: null }, large: { price: null, minutes: null } }),
    ).toEqual({ medium: { priceCents: 2999 } });
    expect(classPricesFromInput({ large: { minutes: 75 } })).toEqual({ large: { minutes: 75 } });
    expect(classPricesFromInput(undefined)).toEqual({});
  });
});

describe("addOnFits", () => {
  it("fits its services, its packages, or any visit when it names neither", () => {
    const petHair = {
      serviceTypes: ["Interior Clean", "Full Detail"] as ServiceType[],
      planIds: ["p1"],
      includedPlanIds: [],
    };
    expect(addOnFits(petHair, { serviceType: "Full Detail" })).toBe(true);
    expect(addOnFits(petHair, { serviceType: "Hand Wash" })).toBe(false);
    expect(addOnFits(petHair, { serviceType: "Hand Wash", planId: "p1" })).toBe(true);
    expect(addOnFits({ serviceTypes: [], planIds: [], includedPlanIds: [] }, { serviceType: "Oil Change" })).toBe(true);
  });

  it("never fits a package that already includes it", () => {
    const clayBar = { serviceTypes: ["Full Detail"] as ServiceType[], planIds: [], includedPlanIds: ["platinum"] };
    expect(addOnFits(clayBar, { serviceType: "Full Detail", planId: "platinum" })).toBe(false);
    expect(addOnFits(clayBar, { serviceType: "Full Detail", planId: "other" })).toBe(true);
    expect(addOnFits({ ...clayBar, serviceTypes: [] }, { serviceType: "Full Detail", planId: "platinum" })).toBe(false);
  });
});
