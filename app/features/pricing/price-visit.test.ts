import { describe, expect, it } from "vitest";
import { VEHICLE_TYPES } from "~/features/bookings/bookings.schema";
import { classQuotes, priceForClass, priceVisit, type VisitItems } from "./price-visit";
import { DEFAULT_SIZE_CLASSES, type SizeClass, type SizeClassId, type SizeClasses } from "./pricing.schema";

/**
 * THE pricing function (decision 030), by tables: every class × a package or a single service ×
 * no add-on, one, two × with and without WASH5. Every amount below was worked out by hand, in cents.
 */

/** The demo's top package: no class cells, so Medium and Large take the class's surcharge and extra minutes. */
const platinum: VisitItems["main"] = {
  kind: "package",
  name: "Platinum Full Detail",
  priceCents: 18999,
  minutes: 240,
  classPrices: {},
};
/** A single service with its own Large cell; Medium takes the surcharge. */
const handWash: VisitItems["main"] = {
  kind: "service",
  name: "Hand Wash",
  priceCents: 2499,
  minutes: 30,
  classPrices: { large: { priceCents: 3999, minutes: 50 } },
};
/** An add-on with its own class cells: Medium's sets only the price, Large's the price and length. */
const petHair = {
  id: "a00000000000000000000001",
  name: "Pet hair removal",
  priceCents: 3000,
  minutes: 30,
  classPrices: { medium: { priceCents: 3500 }, large: { priceCents: 4500, minutes: 60 } },
};
/** An add-on with no cells: the class's surcharge and extra minutes. */
const engineBay = {
  id: "a00000000000000000000002",
  name: "Engine bay clean",
  priceCents: 4999,
  minutes: 20,
  classPrices: {},
};

/** What each item costs and takes for each default class, worked out by hand. */
const EACH_CLASS: Record<SizeClassId, Record<string, [cents: number, minutes: number]>> = {
  // The base: the catalogue's own prices and lengths.
  small: { platinum: [18999, 240], handWash: [2499, 30], petHair: [3000, 30], engineBay: [4999, 20] },
  // +20 % (189.99 → 22798.8 → 227.99; 24.99 → 2998.8 → 29.99; 49.99 → 5998.8 → 59.99), +15 minutes.
  medium: { platinum: [22799, 255], handWash: [2999, 45], petHair: [3500, 45], engineBay: [5999, 35] },
  // +40 % (26598.6 → 265.99; 6998.6 → 69.99), +30 minutes; the cells' own where given.
  large: { platinum: [26599, 270], handWash: [3999, 50], petHair: [4500, 60], engineBay: [6999, 50] },
};
const CLASS_NAMES: Record<SizeClassId, string> = { small: "Small", medium: "Medium", large: "Large" };

const mains = { platinum, handWash };
const extras = { petHair, engineBay };
type Main = keyof typeof mains;
type Extra = keyof typeof extras;

/**
 * [vehicle, main, add-ons, WASH5, subtotal, discount, total, minutes]. WASH5's 5 % is rounded to
 * the cent, half up: 949.95 → 950, 124.95 → 125, 1349.9 → 1350.
 */
const VISITS: [string, Main, Extra[], boolean, number, number, number, number][] = [
  ["Car", "platinum", [], false, 18999, 0, 18999, 240],
  ["Car", "platinum", [], true, 18999, 950, 18049, 240],
  ["Car", "platinum", ["petHair"], false, 21999, 0, 21999, 270],
  ["Car", "platinum", ["petHair"], true, 21999, 1100, 20899, 270],
  ["Car", "platinum", ["petHair", "engineBay"], false, 26998, 0, 26998, 290],
  ["Car", "platinum", ["petHair", "engineBay"], true, 26998, 1350, 25648, 290],
  ["Car", "handWash", [], false, 2499, 0, 2499, 30],
  ["Car", "handWash", [], true, 2499, 125, 2374, 30],
  ["Car", "handWash", ["petHair"], false, 5499, 0, 5499, 60],
  ["Car", "handWash", ["petHair"], true, 5499, 275, 5224, 60],
  ["Car", "handWash", ["petHair", "engineBay"], false, 10498, 0, 10498, 80],
  ["Car", "handWash", ["petHair", "engineBay"], true, 10498, 525, 9973, 80],
  ["SUV", "platinum", [], false, 22799, 0, 22799, 255],
  ["SUV", "platinum", [], true, 22799, 1140, 21659, 255],
  ["SUV", "platinum", ["petHair"], false, 26299, 0, 26299, 300],
  ["SUV", "platinum", ["petHair"], true, 26299, 1315, 24984, 300],
  ["SUV", "platinum", ["petHair", "engineBay"], false, 32298, 0, 32298, 335],
  ["SUV", "platinum", ["petHair", "engineBay"], true, 32298, 1615, 30683, 335],
  ["SUV", "handWash", [], false, 2999, 0, 2999, 45],
  ["SUV", "handWash", [], true, 2999, 150, 2849, 45],
  ["SUV", "handWash", ["petHair"], false, 6499, 0, 6499, 90],
  ["SUV", "handWash", ["petHair"], true, 6499, 325, 6174, 90],
  ["SUV", "handWash", ["petHair", "engineBay"], false, 12498, 0, 12498, 125],
  ["SUV", "handWash", ["petHair", "engineBay"], true, 12498, 625, 11873, 125],
  ["Truck", "platinum", [], false, 26599, 0, 26599, 270],
  ["Truck", "platinum", [], true, 26599, 1330, 25269, 270],
  ["Truck", "platinum", ["petHair"], false, 31099, 0, 31099, 330],
  ["Truck", "platinum", ["petHair"], true, 31099, 1555, 29544, 330],
  ["Truck", "platinum", ["petHair", "engineBay"], false, 38098, 0, 38098, 380],
  ["Truck", "platinum", ["petHair", "engineBay"], true, 38098, 1905, 36193, 380],
  ["Truck", "handWash", [], false, 3999, 0, 3999, 50],
  ["Truck", "handWash", [], true, 3999, 200, 3799, 50],
  ["Truck", "handWash", ["petHair"], false, 8499, 0, 8499, 110],
  ["Truck", "handWash", ["petHair"], true, 8499, 425, 8074, 110],
  ["Truck", "handWash", ["petHair", "engineBay"], false, 15498, 0, 15498, 160],
  ["Truck", "handWash", ["petHair", "engineBay"], true, 15498, 775, 14723, 160],
];

const visit = (vehicleType: string, main: VisitItems["main"], addOns: VisitItems["addOns"] = [], promoCode = "") => ({
  vehicleType,
  main,
  addOns,
  promoCode,
});

describe("priceVisit: every class × a package or a service × add-ons × WASH5 (default classes)", () => {
  const classOf: Record<string, SizeClassId> = { Car: "small", SUV: "medium", Truck: "large" };

  it.each(VISITS)(
    "%s, %s with %j, WASH5 %s: subtotal %i, discount %i, total %i cents, %i minutes",
    (vehicle, main, addOns, promo, subtotal, discount, total, minutes) => {
      const sizeClass = classOf[vehicle]!;
      const quote = priceVisit(
        visit(
          vehicle,
          mains[main],
          addOns.map((a) => extras[a]),
          promo ? "WASH5" : "",
        ),
        DEFAULT_SIZE_CLASSES,
      );
      const [mainCents, mainMinutes] = EACH_CLASS[sizeClass][main]!;
      expect(quote.lines).toEqual([
        {
          kind: mains[main].kind,
          label: `${mains[main].name} (${CLASS_NAMES[sizeClass]})`,
          amountCents: mainCents,
          minutes: mainMinutes,
        },
        ...addOns.map((a) => ({
          kind: "add-on",
          label: extras[a].name,
          amountCents: EACH_CLASS[sizeClass][a]![0],
          minutes: EACH_CLASS[sizeClass][a]![1],
        })),
        ...(promo ? [{ kind: "promo", label: "WASH5 (5% off)", amountCents: -discount, minutes: 0 }] : []),
      ]);
      expect(quote).toMatchObject({
        subtotalCents: subtotal,
        discountCents: discount,
        totalCents: total,
        minutes,
        sizeClass: { id: sizeClass, name: CLASS_NAMES[sizeClass] },
        confirmedAtShop: false,
        // The package's own price for the class, before WASH5; a single service has none.
        packagePriceCents: main === "platinum" ? mainCents : null,
        addOnIds: addOns.map((a) => extras[a].id),
      });
      // The lines add up to the total.
      expect(quote.lines.reduce((sum, line) => sum + line.amountCents, 0)).toBe(total);
    },
  );
});

describe("priceVisit: WASH5", () => {
  it("takes 5 % of the visit's total, rounded to the cent half up", () => {
    // 25.10 × 5 % = 1.255 → 1.26; 10.10 × 5 % = 0.505 → 0.51; 0.10 × 5 % = 0.005 → 0.01.
    for (const [priceCents, discount] of [
      [2510, 126],
      [1010, 51],
      [10, 1],
      [2490, 125],
      [2489, 124],
    ] as const) {
      const quote = priceVisit(
        visit("Car", { ...handWash, priceCents, classPrices: {} }, [], "WASH5"),
        DEFAULT_SIZE_CLASSES,
      );
      expect({ discount: quote.discountCents, total: quote.totalCents }).toEqual({
        discount,
        total: priceCents - discount,
      });
    }
  });

  it("reads the code in any case and with spaces around it", () => {
    const quote = priceVisit(visit("Car", platinum, [], "  wash5 "), DEFAULT_SIZE_CLASSES);
    expect(quote.discountCents).toBe(950);
    expect(quote.lines.at(-1)).toEqual({ kind: "promo", label: "WASH5 (5% off)", amountCents: -950, minutes: 0 });
  });

  it("takes nothing off for another code, and adds no line", () => {
    const quote = priceVisit(visit("Car", platinum, [], "WASH10"), DEFAULT_SIZE_CLASSES);
    expect(quote).toMatchObject({ discountCents: 0, totalCents: 18999 });
    expect(quote.lines.map((l) => l.kind)).toEqual(["package"]);
  });

  it("applies once to the whole visit, add-ons included, not per line", () => {
    // 10.10 + 10.10 = 20.20 → 1.01 off; rounded per line, 0.505 + 0.505 would give 1.02.
    const tenTen = { ...engineBay, priceCents: 1010 };
    const quote = priceVisit(
      visit("Car", { ...handWash, priceCents: 1010, classPrices: {} }, [tenTen], "WASH5"),
      DEFAULT_SIZE_CLASSES,
    );
    expect(quote).toMatchObject({ subtotalCents: 2020, discountCents: 101, totalCents: 1919 });
    expect(quote.lines.filter((l) => l.kind === "promo")).toHaveLength(1);
  });
});

describe("priceVisit: lengths", () => {
  it("adds the class's extra minutes to the base length when a class has no cell of its own", () => {
    expect(priceVisit(visit("Car", platinum), DEFAULT_SIZE_CLASSES).minutes).toBe(240);
    expect(priceVisit(visit("Minivan", platinum), DEFAULT_SIZE_CLASSES).minutes).toBe(255);
    expect(priceVisit(visit("Truck", platinum), DEFAULT_SIZE_CLASSES).minutes).toBe(270);
  });

  it("takes a cell's own minutes, and a cell with only a price the class's extra minutes", () => {
    const truck = priceVisit(visit("Truck", handWash, [petHair]), DEFAULT_SIZE_CLASSES);
    expect(truck.lines.map((l) => l.minutes)).toEqual([50, 60]);
    const suv = priceVisit(visit("SUV", handWash, [petHair]), DEFAULT_SIZE_CLASSES);
    // Hand Wash has no Medium cell (30 + 15); Pet hair's Medium cell sets only a price (30 + 15).
    expect(suv.lines.map((l) => l.minutes)).toEqual([45, 45]);
  });

  it("takes a cell with only minutes at the class's surcharge", () => {
    const timed = { ...platinum, classPrices: { large: { minutes: 330 } } };
    expect(priceForClass(timed, DEFAULT_SIZE_CLASSES.classes[2]!, DEFAULT_SIZE_CLASSES.classes[0]!)).toEqual({
      priceCents: 26599,
      minutes: 330,
    });
  });

  it("adds every add-on's minutes to the visit's, and an add-on of no minutes adds none in any class", () => {
    const tyreShine = {
      id: "a00000000000000000000003",
      name: "Tyre shine",
      priceCents: 800,
      minutes: 0,
      classPrices: {},
    };
    const quote = priceVisit(visit("Truck", platinum, [petHair, engineBay, tyreShine]), DEFAULT_SIZE_CLASSES);
    expect(quote.lines.map((l) => l.minutes)).toEqual([270, 60, 50, 0]);
    expect(quote.minutes).toBe(380);
    // 8.00 + 40 % = 11.20: priced by the class even when it takes no time.
    expect(quote.lines.at(-1)).toMatchObject({ label: "Tyre shine", amountCents: 1120 });
  });

  it("adds no minutes for WASH5", () => {
    expect(priceVisit(visit("SUV", platinum, [], "WASH5"), DEFAULT_SIZE_CLASSES).minutes).toBe(255);
  });
});

describe("priceVisit: the vehicle types", () => {
  const expected: Record<(typeof VEHICLE_TYPES)[number], [string, number, number]> = {
    Car: ["Small", 18999, 240],
    Coupe: ["Small", 18999, 240],
    Hatchback: ["Small", 18999, 240],
    SUV: ["Medium", 22799, 255],
    Minivan: ["Medium", 22799, 255],
    Truck: ["Large", 26599, 270],
    // Priced as Medium, and confirmed at the shop.
    Other: ["Medium", 22799, 255],
  };

  it.each(VEHICLE_TYPES)("prices a %s in its default class", (type) => {
    const [className, cents, minutes] = expected[type];
    const quote = priceVisit(visit(type, platinum), DEFAULT_SIZE_CLASSES);
    expect(quote.lines[0]).toMatchObject({ label: `Platinum Full Detail (${className})`, amountCents: cents, minutes });
    expect(quote.confirmedAtShop).toBe(type === "Other");
  });

  it("labels a line with the package's name and the class: 'Platinum Full Detail (Medium)'", () => {
    expect(priceVisit(visit("SUV", platinum), DEFAULT_SIZE_CLASSES).lines[0]!.label).toBe(
      "Platinum Full Detail (Medium)",
    );
    expect(priceVisit(visit("Truck", handWash), DEFAULT_SIZE_CLASSES).lines[0]!.label).toBe("Hand Wash (Large)");
  });

  it("prices a type it does not know as the first class", () => {
    const quote = priceVisit(visit("Tractor", platinum), DEFAULT_SIZE_CLASSES);
    expect(quote).toMatchObject({ sizeClass: { id: "small", name: "Small" }, totalCents: 18999, minutes: 240 });
  });
});

/** The admin renamed every class, changed the surcharges, and moved Car up and Other down. */
const RENAMED: SizeClasses = {
  classes: [
    { id: "small", name: "Compact", surchargePercent: 0, extraMinutes: 0 },
    { id: "medium", name: "Mid-size", surchargePercent: 15, extraMinutes: 10 },
    { id: "large", name: "Oversize", surchargePercent: 50, extraMinutes: 45 },
  ],
  vehicleClass: {
    Coupe: "small",
    Hatchback: "small",
    Car: "medium",
    SUV: "large",
    Minivan: "large",
    Truck: "large",
    Other: "small",
  },
};

describe("priceVisit: classes the admin renamed and re-mapped", () => {
  // [vehicle, class name, Platinum cents and minutes, Pet hair, Engine bay, WASH5's cents off]
  const rows: [string, string, [number, number], [number, number], [number, number], number][] = [
    // 269.98 → 13.499 → 13.50 off.
    ["Coupe", "Compact", [18999, 240], [3000, 30], [4999, 20], 1350],
    ["Hatchback", "Compact", [18999, 240], [3000, 30], [4999, 20], 1350],
    // 189.99 + 15 % = 21848.85 → 218.49; Pet hair's Medium cell 35.00 with 30 + 10 minutes; 49.99 + 15 % = 5748.85 → 57.49.
    // 310.98 → 15.549 → 15.55 off.
    ["Car", "Mid-size", [21849, 250], [3500, 40], [5749, 30], 1555],
    // 189.99 + 50 % = 28498.5 → 284.99 (half up); Pet hair's Large cell; 49.99 + 50 % = 7498.5 → 74.99.
    // 404.98 → 20.249 → 20.25 off.
    ["SUV", "Oversize", [28499, 285], [4500, 60], [7499, 65], 2025],
    ["Minivan", "Oversize", [28499, 285], [4500, 60], [7499, 65], 2025],
    ["Truck", "Oversize", [28499, 285], [4500, 60], [7499, 65], 2025],
    ["Other", "Compact", [18999, 240], [3000, 30], [4999, 20], 1350],
  ];

  it.each(rows)("prices a %s as %s", (vehicle, className, main, pet, engine, discount) => {
    const quote = priceVisit(visit(vehicle, platinum, [petHair, engineBay], "WASH5"), RENAMED);
    const subtotal = main[0] + pet[0] + engine[0];
    expect(quote.lines.slice(0, 3)).toEqual([
      { kind: "package", label: `Platinum Full Detail (${className})`, amountCents: main[0], minutes: main[1] },
      { kind: "add-on", label: "Pet hair removal", amountCents: pet[0], minutes: pet[1] },
      { kind: "add-on", label: "Engine bay clean", amountCents: engine[0], minutes: engine[1] },
    ]);
    expect(quote.subtotalCents).toBe(subtotal);
    expect(quote.discountCents).toBe(discount);
    expect(quote.totalCents).toBe(subtotal - discount);
    expect(quote.minutes).toBe(main[1] + pet[1] + engine[1]);
    expect(quote.sizeClass.name).toBe(className);
    // "Other" is confirmed at the shop whatever class it is priced as.
    expect(quote.confirmedAtShop).toBe(vehicle === "Other");
  });

  it("rounds a surcharge half up: 10.10 + 15 % = 11.615 → 11.62", () => {
    const item = { priceCents: 1010, minutes: 30, classPrices: {} };
    expect(priceForClass(item, RENAMED.classes[1]!, RENAMED.classes[0]!)).toEqual({ priceCents: 1162, minutes: 40 });
  });
});

describe("priceForClass and classQuotes", () => {
  const [small, medium, large] = [0, 1, 2].map((i) => DEFAULT_SIZE_CLASSES.classes[i]!) as [
    SizeClass,
    SizeClass,
    SizeClass,
  ];

  it("gives the base class the item's own price and length, whatever its cells say", () => {
    const odd = { priceCents: 1234, minutes: 25, classPrices: { medium: { priceCents: 1, minutes: 5 } } };
    expect(priceForClass(odd, small, small)).toEqual({ priceCents: 1234, minutes: 25 });
    expect(priceForClass(odd, medium, small)).toEqual({ priceCents: 1, minutes: 5 });
    // 12.34 + 40 % = 1727.6 → 17.28; 25 + 30 minutes.
    expect(priceForClass(odd, large, small)).toEqual({ priceCents: 1728, minutes: 55 });
  });

  it("keeps a cell's price of 0: a free extra for one class stays free", () => {
    const free = { priceCents: 500, minutes: 10, classPrices: { large: { priceCents: 0 } } };
    expect(priceForClass(free, large, small)).toEqual({ priceCents: 0, minutes: 40 });
  });

  it("lists every class in order, in dollars: the first is the 'from' price", () => {
    expect(classQuotes(platinum, DEFAULT_SIZE_CLASSES)).toEqual([
      { classId: "small", className: "Small", price: 189.99, minutes: 240 },
      { classId: "medium", className: "Medium", price: 227.99, minutes: 255 },
      { classId: "large", className: "Large", price: 265.99, minutes: 270 },
    ]);
    expect(classQuotes(petHair, RENAMED)).toEqual([
      { classId: "small", className: "Compact", price: 30, minutes: 30 },
      { classId: "medium", className: "Mid-size", price: 35, minutes: 40 },
      { classId: "large", className: "Oversize", price: 45, minutes: 60 },
    ]);
  });
});
