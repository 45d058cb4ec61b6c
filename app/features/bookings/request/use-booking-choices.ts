import { useEffect, useMemo, useState } from "react";
import type { Vehicle } from "~/features/garage/garage.schema";
import type { AddOn, ServicePrice } from "~/features/pricing/pricing.schema";
import { PAGE_MAX_LIMIT } from "~/lib/pagination";
import { detailsFromLastBooking, type MemberDetails } from "./member-details";
import type { ApiBooking } from "../bookings.schema";
import type { CataloguePackage } from "./service-choices";
import { useJson } from "../use-availability";

/** The catalogue's packages (names, prices, lengths) for the contact form's choices; null until loaded. */
export function useCataloguePackages(): readonly CataloguePackage[] | null {
  return useJson<CataloguePackage[]>(`/api/plans?kind=packages&limit=${PAGE_MAX_LIMIT}`);
}

/** The add-ons on offer (GET /api/add-ons), with their price and minutes per size class; null until loaded. */
export function useAddOns(): readonly AddOn[] | null {
  return useJson<AddOn[]>("/api/add-ons");
}

/** The single services' prices and lengths (GET /api/service-prices); null until loaded. */
export function useServicePrices(): readonly ServicePrice[] | null {
  return useJson<ServicePrice[]>("/api/service-prices");
}

/** A signed-in member's details from their last booking (their own bookings API); null until known. */
export function useMemberDetails(signedIn: boolean, accountName?: string): MemberDetails | null {
  const bookings = useJson<ApiBooking[]>(signedIn ? `/api/bookings?limit=${PAGE_MAX_LIMIT}` : null);
  return useMemo(() => (bookings ? detailsFromLastBooking(bookings, accountName) : null), [bookings, accountName]);
}

const NO_VEHICLES: readonly Vehicle[] = [];

/**
 * A signed-in member's saved vehicles (GET /api/vehicles); null until known. A visitor has none,
 * and a garage that cannot be read is an empty one: the form asks for the vehicle as it always did.
 */
export function useGarage(signedIn: boolean): readonly Vehicle[] | null {
  const [vehicles, setVehicles] = useState<readonly Vehicle[] | null>(null);
  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    fetch("/api/vehicles", { signal: controller.signal, credentials: "same-origin" })
      .then((r) => (r.ok ? (r.json() as Promise<Vehicle[]>) : NO_VEHICLES))
      .then((list) => setVehicles(Array.isArray(list) ? list : NO_VEHICLES))
      .catch(() => controller.signal.aborted || setVehicles(NO_VEHICLES));
    return () => controller.abort();
  }, [signedIn]);
  return signedIn ? vehicles : NO_VEHICLES;
}
