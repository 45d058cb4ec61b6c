import { POPULAR_TIERS, type PackagePlan, type PackageType, type PopularTier } from "./plans.schema";

export { POPULAR_TIERS, type PopularTier };

type Typed = Pick<PackagePlan, "packageType">;

/**
 * The newest package of each tier, economy → standard → premium; tiers with none are left out.
 * Reads `packages` as the catalogue lists them: newest first.
 */
export function popularPackages<T extends Typed>(
  packages: readonly T[],
): { tier: PopularTier; label: string; plan: T }[] {
  return POPULAR_TIERS.flatMap(({ tier, label, types }) => {
    const plan = packages.find((p) => (types as readonly PackageType[]).includes(p.packageType));
    return plan ? [{ tier, label, plan }] : [];
  });
}

/** Every package of type services, in the catalogue's order (newest first). */
export function otherServices<T extends Typed>(packages: readonly T[]): T[] {
  return packages.filter((p) => p.packageType === "services");
}
