import { POPULAR_TIERS, type PackageType } from "~/features/plans/plans.schema";
import { SELECTION_TIERS, type PackageSelection } from "../bookings.schema";

/** A package as GET /api/plans lists it: what the choices read. */
export interface CataloguePackage {
  _id: string;
  name: string;
  price: number;
  minutes?: number;
  packagetype: PackageType | "none";
}

export interface PackageChoice {
  /** The stored value (specification section 5): None, Basic, Standard or Premium. */
  value: PackageSelection;
  /** The catalogue's package it stands for: the newest of its tier; none for None or an empty tier. */
  plan?: { id: string; name: string; price: number; minutes?: number };
}

/**
 * The contact form's package choices, named by the catalogue so a customer sees what they pay and
 * how long it takes: None, then each tier with its newest package (`packages` newest first, as
 * the API lists them; the server resolves a tier the same way).
 */
export function packageChoices(packages: readonly CataloguePackage[]): PackageChoice[] {
  const tiers = Object.entries(SELECTION_TIERS) as [Exclude<PackageSelection, "None">, string][];
  return [
    { value: "None" },
    ...tiers.map(([value, tier]) => {
      const types: readonly string[] = POPULAR_TIERS.find((t) => t.tier === tier)?.types ?? [];
      const plan = packages.find((p) => types.includes(p.packagetype));
      return plan
        ? { value, plan: { id: plan._id, name: plan.name, price: plan.price, minutes: plan.minutes } }
        : { value };
    }),
  ];
}
