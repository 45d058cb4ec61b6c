import type { MembershipPlan } from "./club.schema";

/**
 * "Unlimited Exterior: $29.99 a month", "5 Washes: $99 for 5 washes". Apart from club.schema.ts, so
 * the public price list that shows it does not load the schemas' validation library
 * (docs/benchmarks/006-javascript-budget.md, stop 54).
 */
export function planPriceText(plan: Pick<MembershipPlan, "kind" | "price" | "period" | "washes">): string {
  const price = `$${Number.isInteger(plan.price) ? plan.price : plan.price.toFixed(2)}`;
  return plan.kind === "unlimited" ? `${price} a ${plan.period}` : `${price} for ${plan.washes} washes`;
}
