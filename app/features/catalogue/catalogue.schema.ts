import { z } from "zod";
import { LENGTH_MAX, LENGTH_MESSAGE, LENGTH_MIN } from "~/lib/service-length";

/**
 * The catalogue's vocabulary, below every feature that prices, sells or books a visit: vehicle and
 * service types, package types and their tiers, size classes and a table of prices by class.
 * bookings.schema.ts, plans.schema.ts and pricing.schema.ts import it (and pass its names on to
 * their callers); it imports none of them, so the arrows between the three point one way.
 */

/** Package types an admin can choose; "standard" and "standards" are both read as Standard. */
export const PACKAGE_TYPES = ["economy", "standard", "standards", "premium", "services"] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/**
 * The home page's featured packages, and the contact form's Basic / Standard / Premium: the newest
 * package of each tier ("standard" and "standards" are one tier).
 */
export const POPULAR_TIERS = [
  { tier: "economy", label: "Economy", types: ["economy"] },
  { tier: "standard", label: "Standard", types: ["standard", "standards"] },
  { tier: "premium", label: "Premium", types: ["premium"] },
] as const satisfies readonly { tier: string; label: string; types: readonly PackageType[] }[];
export type PopularTier = (typeof POPULAR_TIERS)[number]["tier"];

/** The tier of a package type; none for 'services'. */
export function tierOf(type: PackageType): PopularTier | undefined {
  return POPULAR_TIERS.find(({ types }) => (types as readonly PackageType[]).includes(type))?.tier;
}

/** The size classes a vehicle type is priced as (pricing.schema.ts maps the types to them). */
export const SIZE_CLASS_IDS = ["small", "medium", "large"] as const;
export type SizeClassId = (typeof SIZE_CLASS_IDS)[number];

/** The specification's vehicle and service types (docs/specification-quirks.md §7). */
export const VEHICLE_TYPES = ["Car", "SUV", "Truck", "Minivan", "Coupe", "Hatchback", "Other"] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const SERVICE_TYPES = [
  "Hand Wash",
  "Interior Clean",
  "Wax",
  "Full Detail",
  "Oil Change",
  "Engine Clean",
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/**
 * The service a package's name says it is ("Signature Wash & Wax" a Hand Wash, "Platinum Full
 * Detail" a Full Detail), in this order; a Full Detail, the shop's general work, when none fits.
 * Only a suggestion: a package's service is stored (decision 048) and the owner chooses it; the
 * add-package form starts from this, and a client that sends no service gets it. Migration 0029
 * filled the stored column by the same words.
 */
const SERVICE_WORDS: readonly [ServiceType, RegExp][] = [
  ["Hand Wash", /\bwash\b/i],
  ["Interior Clean", /\binterior\b/i],
  ["Wax", /\bwax\b/i],
  ["Full Detail", /\bdetail\b/i],
  ["Oil Change", /\b(oil|lube)\b/i],
  ["Engine Clean", /\bengine\b/i],
];
export function packageServiceOf(name: string): ServiceType {
  return namedService(name) ?? "Full Detail";
}
/** The service a name says, if any. */
export function namedService(name: string): ServiceType | undefined {
  return SERVICE_WORDS.find(([, words]) => words.test(name))?.[0];
}

/** One class's own price and length in a table; either left out takes the base plus the class's surcharge or extra minutes. */
export interface ClassPrice {
  priceCents?: number;
  minutes?: number;
}
/** A package's, service's or add-on's table beyond its base (the first class): medium and large. */
export type ClassPrices = Partial<Record<SizeClassId, ClassPrice>>;

/** What the API says of a price out of bounds, in a class's cell and on an add-on or service. */
export const PRICE_MESSAGE = "Price must be a number from 0 to 100000";
/** A class's cell as the API takes it: dollars and minutes, each optional (empty: the class's default). */
export const classPriceInput = z
  .object({
    price: z.number({ message: PRICE_MESSAGE }).min(0, PRICE_MESSAGE).max(100_000, PRICE_MESSAGE).nullable().optional(),
    minutes: z
      .number({ message: LENGTH_MESSAGE })
      .int(LENGTH_MESSAGE)
      .min(LENGTH_MIN, LENGTH_MESSAGE)
      .max(LENGTH_MAX, LENGTH_MESSAGE)
      .nullable()
      .optional(),
  })
  .strict();
/** A table as the API takes it: medium and large; the base is the entry's own price and length. */
export const classPricesInput = z
  .object({ medium: classPriceInput.optional(), large: classPriceInput.optional() })
  .strict()
  .describe(
    "the price (dollars) and length (minutes) for the medium and large classes; one left out takes the class's surcharge",
  );
export type ClassPricesInput = z.infer<typeof classPricesInput>;

/** A priced item's price and length for every class, as pages and the API show them ("from $X"). */
export interface ClassQuote {
  classId: SizeClassId;
  className: string;
  price: number;
  minutes: number;
}
