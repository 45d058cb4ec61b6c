import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ServiceType } from "~/features/bookings/bookings.schema";
import type { PackagePlan } from "~/features/plans/plans.schema";

/**
 * The six services the shop sells (specification: docs/specification-quirks.md §12), the one list
 * of their names. Their prices are not written here: a service's from-price is the lowest of its
 * own single-service price and the catalogue's packages for it (service-summaries.ts), so an admin's price change shows everywhere at once.
 */
export interface Service {
  slug: string;
  /**
   * What every page calls it: the booking form's option for it (the specification's option list),
   * so the home page, the service pages, the footer, the form, the desk and the e-mails say the
   * same words ("Wax", never also "Express Wax" or "Express Hand Wax").
   */
  name: ServiceType;
  /** One line for the home page's list. */
  summary: MessageDescriptor;
  /** Five have their own page under /services; the engine clean is sold from /pricing's list of services. */
  hasPage: boolean;
}

export const SERVICES: readonly Service[] = [
  {
    slug: "hand-wash",
    name: "Hand Wash",
    summary: msg`Two-bucket hand wash and hand dry. No brushes, no swirl marks.`,
    hasPage: true,
  },
  {
    slug: "interior-clean",
    name: "Interior Clean",
    summary: msg`Seats and carpets shampooed, vents and console detailed, odors gone.`,
    hasPage: true,
  },
  {
    slug: "express-wax",
    name: "Wax",
    summary: msg`Carnauba hand wax for deep gloss and up to 8 weeks of protection.`,
    hasPage: true,
  },
  {
    slug: "full-detail",
    name: "Full Detail",
    summary: msg`Inside and out: clay bar, sealant, shampooed interior, engine bay.`,
    hasPage: true,
  },
  {
    slug: "oil-change",
    name: "Oil Change",
    summary: msg`Conventional or full synthetic oil, new filter, checks, while you wait.`,
    hasPage: true,
  },
  {
    slug: "engine-clean",
    name: "Engine Clean",
    summary: msg`Safe low-pressure degrease of the engine bay, plastics dressed.`,
    hasPage: false,
  },
];

export const SERVICES_WITH_PAGES = SERVICES.filter((s) => s.hasPage);

/** Where a service is described: its own page, or the price list's single services for those without one. */
export function serviceHref(service: Service): string {
  return service.hasPage ? `/services/${service.slug}` : "/pricing#services-heading";
}

/** What pricing a service reads of a package. */
export type PricedPackage = Pick<PackagePlan, "name" | "price" | "serviceType">;

/** The service's packages in the catalogue (those for it, decision 048), cheapest first. */
export function matchingPackages<T extends PricedPackage>(service: Pick<Service, "name">, packages: readonly T[]): T[] {
  return packages.filter((p) => p.serviceType === service.name).sort((a, b) => a.price - b.price);
}
