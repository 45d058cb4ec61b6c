import { matchingPackages, SERVICES, serviceHref, type PricedPackage, type Service } from "./service-catalogue";
import type { ServiceSummary } from "./service-list";

/** A single service's own price (the pricing feature's service prices): what this module reads of it. */
export interface OwnPrice {
  serviceType: string;
  price: number;
}

/**
 * The lowest price a service is had at: on its own (its single-service price) or in the cheapest
 * package that includes it; null when neither is priced.
 */
export function serviceFromPrice(
  service: Pick<Service, "name">,
  packages: readonly PricedPackage[],
  ownPrices: readonly OwnPrice[],
): number | null {
  const candidates = [
    ...ownPrices.filter((p) => p.serviceType === service.name).map((p) => p.price),
    ...matchingPackages(service, packages).map((p) => p.price),
  ];
  return candidates.length ? Math.min(...candidates) : null;
}

/** The service list with each service's from-price: its own price or its cheapest package's. */
export function serviceSummaries(
  packages: readonly PricedPackage[],
  ownPrices: readonly OwnPrice[] = [],
  services: readonly Service[] = SERVICES,
): ServiceSummary[] {
  return services.map((s) => ({
    slug: s.slug,
    name: s.name,
    summary: s.summary,
    href: serviceHref(s),
    fromPrice: serviceFromPrice(s, packages, ownPrices),
  }));
}
