import { useMemo } from "react";
import { PAGE_MAX_LIMIT } from "~/lib/pagination";
import { detailsFromLastBooking, type MemberDetails } from "./member-details";
import type { ApiBooking } from "../bookings.schema";
import type { CataloguePackage } from "./service-choices";
import { useJson } from "../use-availability";

/** The catalogue's packages (names, prices, lengths) for the contact form's choices; empty until loaded. */
export function useCataloguePackages(): readonly CataloguePackage[] {
  return useJson<CataloguePackage[]>(`/api/plans?kind=packages&limit=${PAGE_MAX_LIMIT}`) ?? [];
}

/** A signed-in member's details from their last booking (their own bookings API); null until known. */
export function useMemberDetails(signedIn: boolean, accountName?: string): MemberDetails | null {
  const bookings = useJson<ApiBooking[]>(signedIn ? `/api/bookings?limit=${PAGE_MAX_LIMIT}` : null);
  return useMemo(() => (bookings ? detailsFromLastBooking(bookings, accountName) : null), [bookings, accountName]);
}
