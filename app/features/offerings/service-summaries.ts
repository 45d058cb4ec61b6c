import { matchingPackages, SERVICES, serviceHref, type PricedPackage, type Service } from "./service-catalogue";
import type { ServiceSummary } from "./service-list";

/** The service list with each service's from-price taken from the catalogue. */
export function serviceSummaries(
  packages: readonly PricedPackage[],
  services: readonly Service[] = SERVICES,
): ServiceSummary[] {
  return services.map((s) => {
    const cheapest = matchingPackages(s, packages)[0];
    return {
      slug: s.slug,
      name: s.name,
      summary: s.summary,
      href: serviceHref(s),
      fromPrice: cheapest?.price ?? null,
    };
  });
}
