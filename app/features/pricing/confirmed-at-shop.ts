import type { VehicleType } from "~/features/catalogue/catalogue.schema";

/**
 * The vehicle type whose price is confirmed at the shop: the form cannot know what "Other" is.
 * Apart from pricing.schema.ts (which re-exports both), so the public price pages that say it do not
 * load the schemas' validation library (docs/benchmarks/006-javascript-budget.md, stop 54).
 */
export const CONFIRMED_AT_SHOP_TYPE: VehicleType = "Other";
export const CONFIRMED_AT_SHOP = "confirmed at the shop";
