import { z } from "zod";
import { PAGE_MAX_LIMIT, pageQuerySchema } from "~/lib/pagination";

/** Package types an admin can choose; "standard" and "standards" are both read as Standard. */
export const PACKAGE_TYPES = ["economy", "standard", "standards", "premium", "services"] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];

const isoDate = z.iso.datetime({ offset: true });

/** A plan as the API sends it (specification section 3): packages and hotel entries share it. */
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
