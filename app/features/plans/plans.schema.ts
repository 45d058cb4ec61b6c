import { z } from "zod";
import { PAGE_MAX_LIMIT, pageQuerySchema } from "~/lib/pagination";
import { LENGTH_MAX, LENGTH_MESSAGE, LENGTH_MIN } from "~/lib/service-length";
import { textField } from "~/lib/text-field";
import {
  PACKAGE_TYPES,
  type ClassPrices,
  type ClassPricesInput,
  type ClassQuote,
  type PackageType,
  SERVICE_TYPES,
  type ServiceType,
} from "~/features/catalogue/catalogue.schema";

export {
  namedService,
  packageServiceOf,
  type ServiceType,
  PACKAGE_TYPES,
  POPULAR_TIERS,
  tierOf,
  type PackageType,
  type PopularTier,
} from "~/features/catalogue/catalogue.schema";

export const PRICE_INDICATORS = ["£", "££", "£££", "££££"] as const;
export type PriceIndicator = (typeof PRICE_INDICATORS)[number];

/** Newest-ness (docs/specification-quirks.md §6): the catalogue is listed by the latest of the three. */
interface Stamped {
  id: string;
  date: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A package the shop sells: always priced, in dollars. */
export interface PackagePlan extends Stamped {
  kind: "package";
  name: string;
  price: number;
  /** null when the admin gave none. */
  duration: string | null;
  /** How long the service takes, in minutes: what a booking of it holds. */
  minutes: number;
  features: string[];
  packageType: PackageType;
  /** The service it is for (decision 048): a booking of it books this service, at the package's price. */
  serviceType: ServiceType;
  /** Its own price and length for the larger size classes (empty cells take the class's surcharge). */
  classPrices: ClassPrices;
  /** Its price and length in every size class, the first (the base: `price`, `minutes`) first. */
  prices: ClassQuote[];
}

/** A partner hotel shown on the hotels and home pages: not for sale, so no price. */
export interface HotelEntry extends Stamped {
  kind: "hotel";
  hotelName: string;
  hotelDescription: string;
  rating: number | null;
  priceIndicator: PriceIndicator | null;
  image: string | null;
}

/** The catalogue holds both in one list, as the specification's clients expect. */
export type CatalogueEntry = PackagePlan | HotelEntry;

/** What an admin may change on a package; only the fields present change. */
export type PackageChanges = Partial<
  Pick<
    PackagePlan,
    "name" | "price" | "duration" | "minutes" | "features" | "packageType" | "serviceType" | "classPrices"
  >
>;

const isoDate = z.iso.datetime({ offset: true });

/**
 * A catalogue entry as the API sends it (docs/specification-quirks.md §3): packages and hotel entries share
 * one shape, hotels with placeholders. server/api/legacy-plan.ts translates; the app uses the types above.
 */
export const planSchema = z.object({
  _id: z.string().describe("24 hex characters; the first 8 are the creation time in seconds"),
  name: z.string(),
  price: z.union([z.number(), z.literal("empty")]).describe("US dollars; 'empty' on hotel entries"),
  duration: z.string(),
  minutes: z.number().int().optional().describe("a package's length in minutes; absent on hotel entries"),
  features: z.array(z.string()),
  packagetype: z.enum([...PACKAGE_TYPES, "none"]),
  serviceType: z.enum(SERVICE_TYPES).optional().describe("the service a package is for; absent on hotel entries"),
  date: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  field: z.literal("hotel").optional().describe("present on hotel partner entries"),
  hotelName: z.string().optional(),
  hotelDescription: z.string().optional(),
  rating: z.number().nullable().optional(),
  priceIndicator: z.string().nullable().optional(),
  image: z.string().nullable().optional(),
});
/** A plan as the API sends it; a package also carries its class table (server/api/legacy-plan.ts). */
export type Plan = z.infer<typeof planSchema> & { prices?: ClassQuote[]; classPrices?: ClassPricesInput };

export const PLAN_LIST_MAX_LIMIT = PAGE_MAX_LIMIT;

export const planListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(["all", "packages", "hotels"]).default("all").describe("packages, hotel entries, or both"),
});
export type PlanListQuery = z.infer<typeof planListQuerySchema>;

/** Features typed one per line or comma-separated: trimmed, blanks dropped (docs/specification-quirks.md §12). */
export function splitFeatures(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((f) => f.trim())
    .filter(Boolean);
}

export const FEATURES_MAX = 30;
export const FEATURE_MAX_LENGTH = 160;
export const PRICE_MAX = 100_000;

export const featuresField = z
  .union([z.array(textField()), textField({ multiLine: true })])
  .transform((value) => (typeof value === "string" ? splitFeatures(value) : value.map((f) => f.trim()).filter(Boolean)))
  .pipe(
    z
      .array(z.string().max(FEATURE_MAX_LENGTH, `Each feature at most ${FEATURE_MAX_LENGTH} characters`))
      .max(FEATURES_MAX, `At most ${FEATURES_MAX} features`),
  );

export const packageName = textField({ message: "Package name is required" })
  .trim()
  .min(1, "Package name is required")
  .min(3, "At least 3 characters")
  .max(120, "At most 120 characters");

/** Dollars with at most two decimals, as a number or a numeric string (forms send text); never a boolean or null. */
export const price = (min: number, minMessage: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          // A sign is read, so -5 is answered by the minimum's own message (the specification's 'Must be ≥ 0').
          .regex(/^-?\d+(\.\d+)?$/, "Price must be a number")
          .transform(Number),
      ],
      {
        message: "Price must be a number",
      },
    )
    .refine(Number.isFinite, "Price must be a number")
    .refine((n) => n >= min, minMessage)
    .refine((n) => n <= PRICE_MAX, `At most $${PRICE_MAX.toLocaleString("en-US")}`)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, "At most two decimals (cents)");

export const packageTypeField = z.enum(PACKAGE_TYPES, { message: "Please choose a package type" });

export const PACKAGE_SERVICE_MESSAGE = "Choose the service this package is";
/** The service a package is for (decision 048): one of the booking form's services. */
export const packageServiceField = z.enum(SERVICE_TYPES, { message: PACKAGE_SERVICE_MESSAGE });

export const durationField = textField().trim().max(60, "At most 60 characters");

/** A package's length: whole minutes, as a number or the text a form sends. */
export const minutesField = z
  .union([z.number(), z.string().trim().regex(/^\d+$/, LENGTH_MESSAGE).transform(Number)], { message: LENGTH_MESSAGE })
  .refine((n) => Number.isInteger(n) && n >= LENGTH_MIN && n <= LENGTH_MAX, LENGTH_MESSAGE);

/** Add Packages form: the API's rules, with features as the text the admin types. */
export const addPlanFormSchema = z.object({
  name: packageName,
  packagetype: packageTypeField,
  price: price(0.01, "Must be greater than 0"),
  serviceType: packageServiceField,
  minutes: minutesField,
  features: textField({ multiLine: true }).max(FEATURES_MAX * (FEATURE_MAX_LENGTH + 1), "Too much text"),
});

/** The update form offers the specification's four types; "standard" plans show as Standards. */
export const UPDATE_PACKAGE_TYPES = ["economy", "standards", "premium", "services"] as const;

export const updatePlanFormSchema = z.object({
  name: packageName,
  packagetype: z.enum(UPDATE_PACKAGE_TYPES, { message: "Please choose a package type" }),
  price: price(0, "Must be ≥ 0"),
  serviceType: packageServiceField,
  duration: durationField,
  minutes: minutesField,
  features: textField({ multiLine: true }).max(FEATURES_MAX * (FEATURE_MAX_LENGTH + 1), "Too much text"),
});

/** The Service select of the package forms: what a booking of the package books (decision 048). */
export const PACKAGE_SERVICE_OPTIONS = SERVICE_TYPES.map((value) => ({ value, label: value }));

export const PACKAGE_TYPE_LABELS: Record<PackageType, string> = {
  economy: "Economy",
  standard: "Standard",
  standards: "Standards",
  premium: "Premium",
  services: "Services",
};

export const HOTEL_RATING_MESSAGE = "Rating must be a number between 0 and 5";

/** Add hotel form, and its edit: the API takes defaults for missing fields, the form asks for all of them. */
export const addHotelFormSchema = z.object({
  hotelName: textField().trim().min(1, "Hotel name is required").max(120, "At most 120 characters"),
  hotelDescription: textField({ multiLine: true })
    .trim()
    .min(1, "Tell guests about the hotel")
    .max(2000, "At most 2000 characters"),
  // Specification section 5: parsed as a decimal, or null when left empty.
  rating: z
    .string()
    .trim()
    .refine((v) => v === "" || (/^\d+(\.\d+)?$/.test(v) && Number(v) <= 5), HOTEL_RATING_MESSAGE)
    .transform((v) => (v === "" ? null : Number(v))),
  priceIndicator: z.enum(PRICE_INDICATORS, { message: "Choose a price indicator" }),
});
export type HotelFormInput = z.input<typeof addHotelFormSchema>;
export type HotelFormValues = z.output<typeof addHotelFormSchema>;
