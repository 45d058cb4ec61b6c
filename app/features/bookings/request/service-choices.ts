import type { ClassQuote, SizeClassId } from "~/features/pricing/pricing.schema";
import { POPULAR_TIERS, type PackageType } from "~/features/plans/plans.schema";
import { SELECTION_TIERS, type PackageSelection, type ServiceType } from "../bookings.schema";

/** A package as GET /api/plans lists it: what the choices read. */
export interface CataloguePackage {
  _id: string;
  name: string;
  price: number;
  minutes?: number;
  packagetype: PackageType | "none";
  /** The service it is for (decision 048). */
  serviceType?: ServiceType;
  /** Its price and length in every size class. */
  prices?: ClassQuote[];
}

export interface PackageChoice {
  /** The stored value (specification section 5): None, Basic, Standard or Premium. */
  value: PackageSelection;
  /** The catalogue's package it stands for: the newest of its tier; none for None or an empty tier. */
  plan?: { id: string; name: string; price: number; minutes?: number; prices?: ClassQuote[] };
}

/**
 * The contact form's package choices, named by the catalogue so a customer sees what they pay and
 * how long it takes: None, then each tier with its newest package (`packages` newest first, as
 * the API lists them; the server resolves a tier the same way). A tier whose package is for
 * another service than the one chosen is not offered: it could not be one visit (decision 048).
 */
export function packageChoices(packages: readonly CataloguePackage[], serviceType?: string): PackageChoice[] {
  const tiers = Object.entries(SELECTION_TIERS) as [Exclude<PackageSelection, "None">, string][];
  return [
    { value: "None" },
    ...tiers.flatMap(([value, tier]): PackageChoice[] => {
      const types: readonly string[] = POPULAR_TIERS.find((t) => t.tier === tier)?.types ?? [];
      const plan = packages.find((p) => types.includes(p.packagetype));
      if (!plan) return [{ value }];
      if (serviceType && plan.serviceType && plan.serviceType !== serviceType) return [];
      return [
        {
          value,
          plan: { id: plan._id, name: plan.name, price: plan.price, minutes: plan.minutes, prices: plan.prices },
        },
      ];
    }),
  ];
}

/** A package's price and length for the vehicle's class once known ("$59.99 · 1 hr 10 min"), else the smallest's ("from …"). */
export function packagePriceOf(
  plan: { price: number; minutes?: number; prices?: ClassQuote[] },
  classId: SizeClassId | null,
): { price: number; minutes?: number; from: boolean } {
  const own = classId ? plan.prices?.find((p) => p.classId === classId) : undefined;
  return own
    ? { price: own.price, minutes: own.minutes, from: false }
    : { price: plan.price, minutes: plan.minutes, from: true };
}
