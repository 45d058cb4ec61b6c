import { newestFirst, type Dated } from "./plan-newest";
import { planType } from "./plans.schema";

/** What catalogue selection reads; older documents spell the type packageType. */
export interface Typed extends Dated {
  packagetype?: string | null;
  packageType?: string | null;
  field?: string | null;
}

export const POPULAR_TIERS = [
  { tier: "economy", label: "Economy", types: ["economy"] },
  { tier: "standard", label: "Standard", types: ["standard", "standards"] },
  { tier: "premium", label: "Premium", types: ["premium"] },
] as const;
export type PopularTier = (typeof POPULAR_TIERS)[number]["tier"];

const isPackage = (plan: Typed) => plan.field !== "hotel";

/** The newest package of each tier, economy → standard → premium; tiers with none are left out. */
export function popularPackages<T extends Typed>(plans: readonly T[]): { tier: PopularTier; label: string; plan: T }[] {
  const packages = newestFirst(plans.filter(isPackage));
  return POPULAR_TIERS.flatMap(({ tier, label, types }) => {
    const plan = packages.find((p) => (types as readonly string[]).includes(planType(p)));
    return plan ? [{ tier, label, plan }] : [];
  });
}

/** Every package of type services, newest first. */
export function otherServices<T extends Typed>(plans: readonly T[]): T[] {
  return newestFirst(plans.filter((p) => isPackage(p) && planType(p) === "services"));
}

/** Hotel partner entries, newest first, at most `limit`. */
export function newestHotels<T extends Typed>(plans: readonly T[], limit = Infinity): T[] {
  return newestFirst(plans.filter((p) => p.field === "hotel")).slice(0, limit);
}
