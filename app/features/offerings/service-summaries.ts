import { matchingPlans, SERVICES, serviceHref, type Service } from "./service-catalogue";
import type { ServiceSummary } from "./service-list";

interface PricedPlan {
  _id: string;
  name: string;
  price: unknown;
  packagetype?: string | null;
  field?: string | null;
}

/** The service list with each service's from-price taken from the catalogue. */
export function serviceSummaries<T extends PricedPlan>(
  plans: readonly T[],
  services: readonly Service[] = SERVICES,
): ServiceSummary[] {
  return services.map((s) => {
    const cheapest = matchingPlans(s, plans)[0];
    return {
      slug: s.slug,
      name: s.name,
      summary: s.summary,
      href: serviceHref(s),
      fromPrice: cheapest ? (cheapest.price as number) : null,
    };
  });
}
