import { createHash } from "node:crypto";
import { z } from "zod";
import {
  durationField,
  featuresField,
  minutesField,
  packageName,
  packageTypeField,
  packageServiceField,
  packageServiceOf,
  price,
  PRICE_INDICATORS,
  type CatalogueEntry,
  type PackageChanges,
  type PackageType,
  type Plan,
} from "~/features/plans/plans.schema";
import { textField } from "~/lib/text-field";
import { classPricesFromInput, classPricesInput, classPricesToInput } from "~/features/pricing/pricing.schema";
import type { CataloguePage } from "~/features/plans/plans.server";

/*
 * The catalogue as the specification's clients see it (docs/specification-quirks.md §2, §3): packages
 * and hotel entries in one "plan" shape, placeholders where a kind has no value, the type spelled
 * packagetype (packageType read too) and MongoDB-style write results. The app and the database
 * hold the product's types (PackagePlan, HotelEntry); this module is the only translation.
 */

/** A hotel entry's name, price and duration. */
const EMPTY = "empty";
/** A hotel entry's packagetype. */
const NO_TYPE = "none";
/** The duration of a package that has none (the add-plan form sends it). */
const NO_DURATION = "nothing";

export function toLegacyPlan(entry: CatalogueEntry): Plan {
  const stamps = {
    date: entry.date?.toISOString() ?? null,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
  if (entry.kind === "package") {
    return {
      _id: entry.id,
      name: entry.name,
      price: entry.price,
      duration: entry.duration ?? NO_DURATION,
      minutes: entry.minutes,
      features: entry.features,
      packagetype: entry.packageType,
      serviceType: entry.serviceType,
      ...stamps,
      // Issue 27: beside the specification's price (the first class's), the price in every class.
      prices: entry.prices,
      classPrices: classPricesToInput(entry.classPrices),
    };
  }
  return {
    _id: entry.id,
    name: EMPTY,
    price: EMPTY,
    duration: EMPTY,
    features: [],
    packagetype: NO_TYPE,
    ...stamps,
    field: "hotel",
    hotelName: entry.hotelName,
    hotelDescription: entry.hotelDescription,
    rating: entry.rating,
    priceIndicator: entry.priceIndicator,
    image: entry.image,
  };
}

const renderedPages = new WeakMap<CataloguePage, { json: string; etag: string }>();

/** A page of the list as JSON and its validator, computed once per cached page of the catalogue. */
export function renderLegacyPlanPage(page: CataloguePage): { json: string; etag: string } {
  let rendered = renderedPages.get(page);
  if (!rendered) {
    const json = JSON.stringify(page.items.map(toLegacyPlan));
    // The whole answer, X-Total-Count too: the ETag is the same on every process and changes with the catalogue.
    const digest = createHash("sha1").update(`${page.total}\n${json}`).digest("base64url");
    rendered = { json, etag: `"${digest}"` };
    renderedPages.set(page, rendered);
  }
  return rendered;
}

export const insertResult = (id: string) => ({ acknowledged: true, insertedId: id });

export const updateResult = ({ modified }: { modified: boolean }) => ({
  acknowledged: true,
  matchedCount: 1,
  modifiedCount: modified ? 1 : 0,
});

export const deleteResult = ({ deleted }: { deleted: boolean }) => ({
  acknowledged: true,
  deletedCount: deleted ? 1 : 0,
});

const readDuration = (duration: string) => (duration === NO_DURATION ? null : duration);

/**
 * The specification's client sends `packagetype`; some older ones `packageType`. Either is read,
 * and sending both with different values is refused rather than one silently winning.
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
export const newPackageBody = z
  .object({
    name: packageName,
    price: price(0.01, "Must be greater than 0"),
    packagetype: packageTypeField.optional(),
    packageType: packageTypeField.optional(),
    serviceType: packageServiceField
      .optional()
      .describe("the service the package is for; read from its name when absent (a Full Detail if none fits)"),
    duration: durationField.default(NO_DURATION),
    minutes: minutesField
      .optional()
      .describe("the service's length; read from duration when absent (an hour if unreadable)"),
    features: featuresField.default([]),
    classPrices: classPricesInput.optional(),
    date: textField().max(40).optional(),
  })
  .strict()
  .superRefine(readPackageType)
  .refine((v) => v.packagetype ?? v.packageType, { path: ["packagetype"], message: "Please choose a package type" })
  .transform(({ packagetype, packageType, serviceType, duration, date: _date, classPrices, ...rest }) => ({
    ...rest,
    serviceType: serviceType ?? packageServiceOf(rest.name),
    duration: readDuration(duration),
    packageType: (packagetype ?? packageType)!,
    classPrices: classPricesFromInput(classPrices),
  }));

/** A hotel entry's own fields, as Add hotel and the hotel edit take them. */
const hotelFields = {
  hotelName: textField().trim().max(120, "At most 120 characters"),
  hotelDescription: textField({ multiLine: true }).trim().max(2000, "At most 2000 characters"),
  rating: z
    .union([z.number(), z.string().trim(), z.null()])
    .transform((v) => (v === "" || v === null ? null : Number(v)))
    .pipe(
      z
        .number({ message: "Rating must be a number such as 4.5" })
        .min(0, "Rating must be between 0 and 5")
        .max(5, "Rating must be between 0 and 5")
        .nullable(),
    ),
  priceIndicator: z.enum(PRICE_INDICATORS, { message: "Choose £, ££, £££ or ££££" }),
  image: textField()
    .max(2048)
    .refine(
      (v) => /^\/uploads\/[\w.-]+$/.test(v) || /^https?:\/\//.test(v),
      "Image must be an uploaded file or a web address",
    )
    .nullable(),
};

/** POST /api/plans for a hotel partner entry; the package fields, if sent, must be the specification's placeholders. */
export const newHotelBody = z
  .object({
    field: z.literal("hotel"),
    hotelName: hotelFields.hotelName.optional(),
    hotelDescription: hotelFields.hotelDescription.optional(),
    rating: hotelFields.rating.optional(),
    priceIndicator: hotelFields.priceIndicator.optional(),
    image: hotelFields.image.optional(),
    name: z.literal(EMPTY).optional(),
    price: z.literal(EMPTY).optional(),
    duration: z.literal(EMPTY).optional(),
    features: z.array(textField()).max(0).optional(),
    packagetype: z.literal(NO_TYPE).optional(),
    date: textField().max(40).optional(),
  })
  .strict()
  .transform(
    ({ field: _f, name: _n, price: _p, duration: _d, features: _fe, packagetype: _t, date: _date, ...hotel }) => hotel,
  );

/**
 * POST /api/plans: a hotel entry when `field` is "hotel", a package otherwise. Validated by
 * whichever schema applies, so the messages are that form's, not a union's.
 */
export const newPlanBody = z.unknown().transform((value, ctx) => {
  const isHotel = typeof value === "object" && value !== null && (value as { field?: unknown }).field === "hotel";
  const result = (isHotel ? newHotelBody : newPackageBody).safeParse(value);
  if (!result.success) {
    for (const issue of result.error.issues) ctx.addIssue({ ...issue, input: undefined } as never);
    return z.NEVER;
  }
  return isHotel
    ? { kind: "hotel" as const, ...(result.data as z.output<typeof newHotelBody>) }
    : { kind: "package" as const, ...(result.data as z.output<typeof newPackageBody>) };
});

/** PATCH /api/hotels/:id: only the fields sent change (a name, if sent, is not empty); anything else is refused. */
export const hotelChangesBody = z
  .object({
    hotelName: hotelFields.hotelName.min(1, "Hotel name is required").optional(),
    hotelDescription: hotelFields.hotelDescription.optional(),
    rating: hotelFields.rating.optional(),
    priceIndicator: hotelFields.priceIndicator.optional(),
    image: hotelFields.image.optional(),
  })
  .strict()
  .refine((changes) => Object.values(changes).some((v) => v !== undefined), {
    message: "You haven’t changed anything.",
  });

/** PATCH /api/plans/:id: only the fields sent change; anything else is refused. */
export const planChangesBody = z
  .object({
    name: packageName.optional(),
    price: price(0, "Must be ≥ 0").optional(),
    packagetype: packageTypeField.optional(),
    packageType: packageTypeField.optional(),
    serviceType: packageServiceField.optional(),
    duration: durationField.optional(),
    minutes: minutesField.optional(),
    features: featuresField.optional(),
    classPrices: classPricesInput
      .optional()
      .describe("the whole table for the medium and large classes, replacing the one stored; {} empties it"),
  })
  .strict()
  .superRefine(readPackageType)
  .transform(({ packagetype, packageType, duration, classPrices, ...rest }): PackageChanges => {
    const type = packagetype ?? packageType;
    return {
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
      ...(type && { packageType: type }),
      ...(duration !== undefined && { duration: readDuration(duration) }),
      ...(classPrices !== undefined && { classPrices: classPricesFromInput(classPrices) }),
    };
  })
  .refine((changes) => Object.keys(changes).length > 0, { message: "You haven’t changed anything." });
