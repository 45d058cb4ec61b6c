import { z } from "zod";
import { PAGE_MAX_LIMIT, pageQuerySchema } from "~/lib/pagination";

/** Package types an admin can choose; "standard" and "standards" are both read as Standard. */
export const PACKAGE_TYPES = ["economy", "standard", "standards", "premium", "services"] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

/** A plan's type, lower-case; older documents spell the field packageType. */
export function planType(plan: { packagetype?: string | null; packageType?: string | null }): string {
  return (plan.packagetype ?? plan.packageType ?? "").trim().toLowerCase();
}

const isoDate = z.iso.datetime({ offset: true });

/** A plan as the API sends it (specification quirks: docs/decisions/008 §1–§3): packages and hotel entries share it. */
export const planSchema = z.object({
  _id: z.string().describe("24 hex characters; the first 8 are the creation time in seconds"),
  name: z.string(),
  price: z.union([z.number(), z.literal("empty"), z.null()]).describe("US dollars; 'empty' on hotel entries"),
  duration: z.string(),
  features: z.array(z.string()),
  packagetype: z.enum([...PACKAGE_TYPES, "none"]),
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
export type Plan = z.infer<typeof planSchema>;

export const PLAN_LIST_MAX_LIMIT = PAGE_MAX_LIMIT;

export const planListQuerySchema = pageQuerySchema.extend({
  kind: z.enum(["all", "packages", "hotels"]).default("all").describe("packages, hotel entries, or both"),
});
export type PlanListQuery = z.infer<typeof planListQuerySchema>;

/** Features typed one per line or comma-separated: trimmed, blanks dropped (docs/decisions/008 §12). */
export function splitFeatures(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((f) => f.trim())
    .filter(Boolean);
}

export const FEATURES_MAX = 30;
export const FEATURE_MAX_LENGTH = 160;
export const PRICE_MAX = 100_000;

const featuresField = z
  .union([z.array(z.string()), z.string()])
  .transform((value) => (typeof value === "string" ? splitFeatures(value) : value.map((f) => f.trim()).filter(Boolean)))
  .pipe(
    z
      .array(z.string().max(FEATURE_MAX_LENGTH, `Each feature at most ${FEATURE_MAX_LENGTH} characters`))
      .max(FEATURES_MAX, `At most ${FEATURES_MAX} features`),
  );

export const packageName = z
  .string({ message: "Package name is required" })
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
          .regex(/^\d+(\.\d+)?$/, "Price must be a number")
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

/**
 * The specification's client sends `packagetype`; some older ones `packageType`. Either is read,
 * and sending both with different values is refused rather than one silently winning (docs/decisions/008 §5).
 */
function readPackageType<T extends { packagetype?: PackageType; packageType?: PackageType }>(
  value: T,
  ctx: z.RefinementCtx,
) {
  if (value.packagetype && value.packageType && value.packagetype !== value.packageType) {
    ctx.addIssue({ code: "custom", path: ["packagetype"], message: "packagetype and packageType disagree" });
  }
}

/** POST /api/plans for a package (Add Packages). `date` is accepted from older clients and ignored: the server stamps it. */
export const newPackageSchema = z
  .object({
    name: packageName,
    price: price(0.01, "Must be greater than 0"),
    packagetype: packageTypeField.optional(),
    packageType: packageTypeField.optional(),
    duration: z.string().trim().max(60, "At most 60 characters").default("nothing"),
    features: featuresField.default([]),
    date: z.string().max(40).optional(),
  })
  .strict()
  .superRefine(readPackageType)
  .refine((v) => v.packagetype ?? v.packageType, { path: ["packagetype"], message: "Please choose a package type" })
  .transform(({ packagetype, packageType, date: _date, ...rest }) => ({
    ...rest,
    packagetype: (packagetype ?? packageType)!,
  }));

export const PRICE_INDICATORS = ["£", "££", "£££", "££££"] as const;

/** POST /api/plans for a hotel entry; package fields, if sent, must be the placeholders of docs/decisions/008 §3. */
export const newHotelSchema = z
  .object({
    field: z.literal("hotel"),
    hotelName: z.string().trim().max(120, "At most 120 characters").optional(),
    hotelDescription: z.string().trim().max(2000, "At most 2000 characters").optional(),
    rating: z
      .union([z.number(), z.string().trim(), z.null()])
      .transform((v) => (v === "" || v === null ? null : Number(v)))
      .pipe(
        z
          .number({ message: "Rating must be a number such as 4.5" })
          .min(0, "Rating must be between 0 and 5")
          .max(5, "Rating must be between 0 and 5")
          .nullable(),
      )
      .optional(),
    priceIndicator: z.enum(PRICE_INDICATORS, { message: "Choose £, ££, £££ or ££££" }).optional(),
    image: z
      .string()
      .max(2048)
      .refine(
        (v) => /^\/uploads\/[\w.-]+$/.test(v) || /^https?:\/\//.test(v),
        "Image must be an uploaded file or a web address",
      )
      .nullable()
      .optional(),
    name: z.literal("empty").optional(),
    price: z.literal("empty").optional(),
    duration: z.literal("empty").optional(),
    features: z.array(z.string()).max(0).optional(),
    packagetype: z.literal("none").optional(),
    date: z.string().max(40).optional(),
  })
  .strict()
  .transform(
    ({ field: _f, name: _n, price: _p, duration: _d, features: _fe, packagetype: _t, date: _date, ...hotel }) => hotel,
  );

/** PATCH /api/plans/:id: only the fields sent change; anything else is refused. */
export const planChangesSchema = z
  .object({
    name: packageName.optional(),
    price: price(0, "Must be ≥ 0").optional(),
    packagetype: packageTypeField.optional(),
    packageType: packageTypeField.optional(),
    duration: z.string().trim().max(60, "At most 60 characters").optional(),
    features: featuresField.optional(),
  })
  .strict()
  .superRefine(readPackageType)
  .transform(({ packagetype, packageType, ...rest }) => {
    const type = packagetype ?? packageType;
    return {
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      ...(type && { packagetype: type }),
    } as {
      name?: string;
      price?: number;
      packagetype?: PackageType;
      duration?: string;
      features?: string[];
    };
  })
  .refine((changes) => Object.keys(changes).length > 0, { message: "You haven’t changed anything." });
export type PlanChanges = z.output<typeof planChangesSchema>;

/**
 * POST /api/plans: a hotel entry when `field` is "hotel", a package otherwise. Validated by
 * whichever schema applies, so the messages are that form's, not a union's.
 */
export const newPlanSchema = z.unknown().transform((value, ctx) => {
  const isHotel = typeof value === "object" && value !== null && (value as { field?: unknown }).field === "hotel";
  const result = (isHotel ? newHotelSchema : newPackageSchema).safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  }
  return isHotel
    ? { kind: "hotel" as const, ...(result.data as z.output<typeof newHotelSchema>) }
    : { kind: "package" as const, ...(result.data as z.output<typeof newPackageSchema>) };
});
export type NewPlan = z.output<typeof newPlanSchema>;

/** Add Packages form: the API's rules, with features as the text the admin types. */
export const addPlanFormSchema = z.object({
  name: packageName,
  packagetype: packageTypeField,
  price: price(0.01, "Must be greater than 0"),
  features: z.string().max(FEATURES_MAX * (FEATURE_MAX_LENGTH + 1), "Too much text"),
});

/** The update form offers the specification's four types; "standard" plans show as Standards (008 §5). */
export const UPDATE_PACKAGE_TYPES = ["economy", "standards", "premium", "services"] as const;

export const updatePlanFormSchema = z.object({
  name: packageName,
  packagetype: z.enum(UPDATE_PACKAGE_TYPES, { message: "Please choose a package type" }),
  price: price(0, "Must be ≥ 0"),
  duration: z.string().trim().max(60, "At most 60 characters"),
  features: z.string().max(FEATURES_MAX * (FEATURE_MAX_LENGTH + 1), "Too much text"),
});

export const PACKAGE_TYPE_LABELS: Record<PackageType, string> = {
  economy: "Economy",
  standard: "Standard",
  standards: "Standards",
  premium: "Premium",
  services: "Services",
};

export const HOTEL_RATING_MESSAGE = "Rating must be a number between 0 and 5";

/** Add hotel form: the API takes defaults for missing fields, the form asks for all of them. */
export const addHotelFormSchema = z.object({
  hotelName: z.string().trim().min(1, "Hotel name is required").max(120, "At most 120 characters"),
  hotelDescription: z.string().trim().min(1, "Tell guests about the hotel").max(2000, "At most 2000 characters"),
  rating: z
    .string()
    .trim()
    .min(1, "Rating is required")
    .refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) <= 5, HOTEL_RATING_MESSAGE),
  priceIndicator: z.enum(PRICE_INDICATORS, { message: "Choose a price indicator" }),
});
