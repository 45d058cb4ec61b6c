import { z } from "zod";
import { LENGTH_MAX, LENGTH_MESSAGE, LENGTH_MIN } from "~/lib/service-length";
import { textField } from "~/lib/text-field";
import { LINE_KINDS, type LineKind } from "~/lib/price-lines";
import {
  classPricesInput,
  PRICE_MESSAGE,
  SERVICE_TYPES,
  SIZE_CLASS_IDS,
  VEHICLE_TYPES,
  type ClassPrice,
  type ClassPrices,
  type ClassPricesInput,
  type ServiceType,
  type SizeClassId,
  type VehicleType,
} from "~/features/catalogue/catalogue.schema";

export {
  classPriceInput,
  classPricesInput,
  SIZE_CLASS_IDS,
  type ClassPrice,
  type ClassPrices,
  type ClassPricesInput,
  type ClassQuote,
  type SizeClassId,
  type VehicleType,
} from "~/features/catalogue/catalogue.schema";

/**
 * Prices by the vehicle (issue 27, decision 030): the specification's vehicle types map to three
 * size classes; every package, single service and add-on has a price and a length per class. This
 * file is the feature's public face: the shapes the API, the forms and the booking service share.
 * The arithmetic is in price-visit.ts; the reads and the admin's writes in pricing.server.ts.
 */

/** A size class: its name on screen, and what it adds to a base price and length when a table leaves it empty. */
export interface SizeClass {
  id: SizeClassId;
  name: string;
  /** Percent added to the base (the first class's) price; always 0 for the first class. */
  surchargePercent: number;
  /** Minutes added to the base length; always 0 for the first class. */
  extraMinutes: number;
}

export interface SizeClasses {
  classes: SizeClass[];
  /** Which class each of the specification's vehicle types is priced as. */
  vehicleClass: Record<VehicleType, SizeClassId>;
}

export { CONFIRMED_AT_SHOP, CONFIRMED_AT_SHOP_TYPE } from "./confirmed-at-shop";

export const DEFAULT_SIZE_CLASSES: SizeClasses = {
  classes: [
    { id: "small", name: "Small", surchargePercent: 0, extraMinutes: 0 },
    { id: "medium", name: "Medium", surchargePercent: 20, extraMinutes: 15 },
    { id: "large", name: "Large", surchargePercent: 40, extraMinutes: 30 },
  ],
  vehicleClass: {
    Coupe: "small",
    Hatchback: "small",
    Car: "small",
    SUV: "medium",
    Minivan: "medium",
    Truck: "large",
    Other: "medium",
  },
};

const PERCENT_MESSAGE = "Surcharge must be a whole percent from 0 to 300";
const EXTRA_MESSAGE = "Extra minutes must be whole minutes from 0 to 480";

/** The admin's size classes (PUT /api/size-classes): three classes in order, every vehicle type mapped. */
export const sizeClassesSchema = z
  .object({
    classes: z
      .array(
        z.object({
          id: z.enum(SIZE_CLASS_IDS),
          name: textField({ message: "Name is required" })
            .trim()
            .min(1, "Name is required")
            .max(30, "At most 30 characters"),
          surchargePercent: z
            .number({ message: PERCENT_MESSAGE })
            .int(PERCENT_MESSAGE)
            .min(0, PERCENT_MESSAGE)
            .max(300, PERCENT_MESSAGE),
          extraMinutes: z
            .number({ message: EXTRA_MESSAGE })
            .int(EXTRA_MESSAGE)
            .min(0, EXTRA_MESSAGE)
            .max(480, EXTRA_MESSAGE),
        }),
      )
      .length(SIZE_CLASS_IDS.length, "Give the three classes")
      .refine(
        (list) => list.every((c, i) => c.id === SIZE_CLASS_IDS[i]),
        "Give the classes small, medium and large, in that order",
      )
      .refine(
        (list) => new Set(list.map((c) => c.name.toLowerCase())).size === list.length,
        "Each class needs its own name",
      )
      // The first class is the base: its prices are the catalogue's own.
      .transform((list) => list.map((c, i) => (i === 0 ? { ...c, surchargePercent: 0, extraMinutes: 0 } : c))),
    vehicleClass: z.object(
      Object.fromEntries(
        VEHICLE_TYPES.map((type) => [type, z.enum(SIZE_CLASS_IDS, { message: "Choose a class" })]),
      ) as Record<VehicleType, z.ZodEnum<{ small: "small"; medium: "medium"; large: "large" }>>,
    ),
  })
  .strict();

/** Stored size classes read back: anything unreadable gives the defaults, so a bad row never stops booking. */
export function readSizeClasses(value: unknown): SizeClasses {
  const parsed = sizeClassesSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_SIZE_CLASSES;
}

export function classOfVehicle(classes: SizeClasses, vehicleType: string): SizeClass {
  const id = classes.vehicleClass[vehicleType as VehicleType] ?? "small";
  return classes.classes.find((c) => c.id === id) ?? classes.classes[0]!;
}

/** The API's table into cents, dropping empty cells. */
export function classPricesFromInput(input: ClassPricesInput | undefined): ClassPrices {
  const out: ClassPrices = {};
  for (const id of ["medium", "large"] as const) {
    const cell = input?.[id];
    if (!cell) continue;
    const price: ClassPrice = {};
    if (cell.price != null) price.priceCents = Math.round(cell.price * 100);
    if (cell.minutes != null) price.minutes = cell.minutes;
    if (price.priceCents !== undefined || price.minutes !== undefined) out[id] = price;
  }
  return out;
}

/** A stored table as the API and the forms show it: dollars and minutes, only the cells the admin set. */
export function classPricesToInput(prices: ClassPrices): ClassPricesInput {
  const out: ClassPricesInput = {};
  for (const id of ["medium", "large"] as const) {
    const cell = prices[id];
    if (!cell) continue;
    out[id] = {
      ...(cell.priceCents !== undefined && { price: cell.priceCents / 100 }),
      ...(cell.minutes !== undefined && { minutes: cell.minutes }),
    };
  }
  return out;
}

/** A stored table read back, keeping only well-formed cells. */
export function readClassPrices(value: unknown): ClassPrices {
  if (!value || typeof value !== "object") return {};
  const out: ClassPrices = {};
  for (const id of ["medium", "large"] as const) {
    const cell = (value as Record<string, unknown>)[id] as Record<string, unknown> | undefined;
    if (!cell || typeof cell !== "object") continue;
    const price: ClassPrice = {};
    if (Number.isInteger(cell.priceCents) && (cell.priceCents as number) >= 0)
      price.priceCents = cell.priceCents as number;
    if (Number.isInteger(cell.minutes) && (cell.minutes as number) > 0) price.minutes = cell.minutes as number;
    if (price.priceCents !== undefined || price.minutes !== undefined) out[id] = price;
  }
  return out;
}

/** Something priced by class: a package, a single service or an add-on. */
export interface Priced {
  priceCents: number;
  minutes: number;
  classPrices: ClassPrices;
}

/** One class's price and length, as the API sends it beside a base price. */
export const classQuoteSchema = z.object({
  classId: z.enum(SIZE_CLASS_IDS),
  className: z.string().describe("the class's name as the admin set it"),
  price: z.number().describe("dollars"),
  minutes: z.number().int(),
});
export const classQuotesSchema = z
  .array(classQuoteSchema)
  .describe("price and minutes for each size class, smallest first: the first is the base price");

/** An add-on as the API and the forms see it. */
export const addOnSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().describe("dollars, for the first (smallest) class"),
  minutes: z.number().int().describe("minutes it adds, for the first class"),
  prices: classQuotesSchema,
  classPrices: classPricesInput.describe("the cells the admin set: the rest take the class's surcharge"),
  serviceTypes: z.array(z.enum(SERVICE_TYPES)).describe("the services it goes with; empty: every service"),
  planIds: z.array(z.string()).describe("packages it goes with besides those services"),
  includedPlanIds: z.array(z.string()).describe("packages that already include it: never offered or sold with them"),
  active: z.boolean(),
});
export type AddOn = z.infer<typeof addOnSchema>;

/**
 * Whether an add-on goes with a visit: its services, its packages, or, naming neither, every visit;
 * never with a package that already includes it (decision 048: no job sold twice in one visit).
 */
export function addOnFits(
  addOn: Pick<AddOn, "serviceTypes" | "planIds" | "includedPlanIds">,
  visit: { serviceType: string; planId?: string | null },
): boolean {
  if (visit.planId && addOn.includedPlanIds.includes(visit.planId)) return false;
  if (addOn.serviceTypes.length === 0 && addOn.planIds.length === 0) return true;
  return (
    addOn.serviceTypes.includes(visit.serviceType as ServiceType) ||
    (!!visit.planId && addOn.planIds.includes(visit.planId))
  );
}

/** One priced line of a visit, as stored and as the API sends it. */
export interface QuoteLine {
  /** What it is: the package or service, an oil change's oil, an add-on, the Wash Club's cover, the promo. */
  kind: LineKind;
  label: string;
  amountCents: number;
  minutes: number;
}

/** What a visit costs and takes, computed by the server from ids alone (price-visit.ts). */
export interface Quote {
  lines: QuoteLine[];
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  minutes: number;
  sizeClass: { id: SizeClassId; name: string };
  /** The vehicle type is "Other": the price is confirmed at the shop. */
  confirmedAtShop: boolean;
  /** The package's price for the class, when a package is booked (the specification's packagePrice). */
  packagePriceCents: number | null;
  addOnIds: string[];
  /** The Wash Club's cover took the service's price off (a line of its own). */
  clubCovered: boolean;
}

/** A quote as the API answers it (POST /api/bookings/quote), in dollars. */
export const quoteSchema = z.object({
  lines: z.array(
    z.object({ kind: z.enum(LINE_KINDS), label: z.string(), amount: z.number(), minutes: z.number().int() }),
  ),
  total: z.number().describe("dollars, after WASH5"),
  discount: z.number().describe("WASH5's 5 %, in dollars; 0 without it"),
  minutes: z.number().int().describe("how long the visit takes: the slots it holds"),
  sizeClass: z.object({ id: z.enum(SIZE_CLASS_IDS), name: z.string() }),
  confirmedAtShop: z.boolean().describe("the vehicle type is Other: the price is confirmed at the shop"),
  note: z
    .string()
    .optional()
    .describe(
      "for a Wash Club member: why the club does not cover this visit (ended, used up, the day's visit booked), " +
        "or that it uses a pack's last wash; absent otherwise",
    ),
});
export type ApiQuote = z.infer<typeof quoteSchema>;

export const cents = (amount: number) => Math.round(amount * 100);
export const dollars = (amountCents: number) => amountCents / 100;

export function toApiQuote(quote: Quote): ApiQuote {
  return {
    lines: quote.lines.map((line) => ({
      kind: line.kind,
      label: line.label,
      amount: dollars(line.amountCents),
      minutes: line.minutes,
    })),
    total: dollars(quote.totalCents),
    discount: dollars(quote.discountCents),
    minutes: quote.minutes,
    sizeClass: quote.sizeClass,
    confirmedAtShop: quote.confirmedAtShop,
  };
}

/** What a visit is for, as a booking, the quote or the availability names it. */
export interface VisitChoice {
  vehicleType?: string;
  planId?: string;
  serviceType?: ServiceType;
  packageSelection?: string;
  /** An oil change's oil (an oil type's id); the first oil type when none is named. */
  oilType?: string;
  addOns?: string[];
  promoCode?: string;
  /** A Wash Club membership's plan that may cover the visit's service (club-cover.server.ts decides it may). */
  club?: { name: string; covers: string[] };
}

/** A quote with what it priced: the package booked (if any) and the contact form's package choice. */
export interface PricedVisit extends Quote {
  planId: string | null;
  packageName: string | null;
  packageSelection: string;
  /** The service booked: the package's own when one is (decision 048); null for an unpriced visit. */
  serviceType: ServiceType | null;
  /** The oil an oil change is priced with; null for other work. */
  oilType: string | null;
}

/** What the booking service asks of pricing (pricing.server.ts gives it): a visit priced from ids alone. */
export interface VisitPricing {
  quoteVisit(choice: VisitChoice): Promise<PricedVisit>;
}

/** An oil an oil change is priced with: what it adds to the service's price (decision 048). */
export const oilSchema = z.object({
  id: z.string().describe("the oil type's id: a booking's oilType"),
  name: z.string(),
  price: z.number().describe("dollars added to the oil change's price; the first oil's is the service's own (0)"),
});
export type Oil = z.infer<typeof oilSchema>;

/** A single service's price row as the admin's table and the API show it. */
export const servicePriceSchema = z.object({
  serviceType: z.enum(SERVICE_TYPES),
  price: z.number().describe("dollars, for the first (smallest) class"),
  minutes: z.number().int(),
  prices: classQuotesSchema,
  classPrices: classPricesInput.describe("the cells the admin set: the rest take the class's surcharge"),
  oils: z
    .array(oilSchema)
    .optional()
    .describe("the Oil Change's oils and what each adds (set with the oil types in the follow-up settings)"),
});
export type ServicePrice = z.infer<typeof servicePriceSchema>;

const NAME_MESSAGE = "Name is required";
const ADD_ON_MINUTES_MESSAGE = "Minutes must be whole minutes from 0 to 720";
/** An add-on's fields as the admin writes them. */
const addOnFields = {
  name: textField({ message: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(60, "At most 60 characters"),
  description: textField({ multiLine: true }).trim().max(300, "At most 300 characters"),
  price: z.number({ message: PRICE_MESSAGE }).min(0, PRICE_MESSAGE).max(100_000, PRICE_MESSAGE),
  minutes: z
    .number({ message: ADD_ON_MINUTES_MESSAGE })
    .int(ADD_ON_MINUTES_MESSAGE)
    .min(0, ADD_ON_MINUTES_MESSAGE)
    .max(LENGTH_MAX, ADD_ON_MINUTES_MESSAGE),
  classPrices: classPricesInput,
  serviceTypes: z
    .array(z.enum(SERVICE_TYPES, { message: "Choose a service" }))
    .max(SERVICE_TYPES.length)
    .describe("the services it goes with; none (and no packages): every visit"),
  planIds: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, "Unknown package"))
    .max(50)
    .describe("packages it goes with besides those services"),
  includedPlanIds: z
    .array(z.string().regex(/^[0-9a-f]{24}$/, "Unknown package"))
    .max(50)
    .describe("packages that already include it: it is never offered or sold with them"),
  active: z.boolean().describe("offered on the booking forms"),
};
/** An add-on as the admin writes it (POST /api/add-ons). */
export const addOnInputSchema = z
  .object({
    ...addOnFields,
    description: addOnFields.description.default(""),
    classPrices: addOnFields.classPrices.optional(),
    serviceTypes: addOnFields.serviceTypes.default([]),
    planIds: addOnFields.planIds.default([]),
    includedPlanIds: addOnFields.includedPlanIds.default([]),
    active: addOnFields.active.default(true),
  })
  .strict();
/** Some of an add-on's fields (PATCH /api/add-ons/{id}): only those sent change; classPrices replaces the table. */
export const addOnChangesSchema = z
  .object(addOnFields)
  .partial()
  .strict()
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), {
    message: "You haven’t changed anything.",
  });
export type AddOnInput = z.output<typeof addOnInputSchema>;

/** A single service's price as the admin writes it (PUT /api/service-prices/{serviceType}). */
export const servicePriceInputSchema = z
  .object({
    price: z.number({ message: PRICE_MESSAGE }).min(0, PRICE_MESSAGE).max(100_000, PRICE_MESSAGE),
    minutes: z
      .number({ message: LENGTH_MESSAGE })
      .int(LENGTH_MESSAGE)
      .min(LENGTH_MIN, LENGTH_MESSAGE)
      .max(LENGTH_MAX, LENGTH_MESSAGE),
    classPrices: classPricesInput.optional(),
  })
  .strict();
export type ServicePriceInput = z.output<typeof servicePriceInputSchema>;
