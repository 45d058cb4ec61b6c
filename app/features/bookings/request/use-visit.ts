import { useEffect } from "react";
import type { AddOn, SizeClassId } from "~/features/pricing/pricing.schema";
import type { PackageSelection, ServiceType } from "../bookings.schema";
import type { AvailabilityService } from "../use-availability";
import type { PromoCheck } from "./promo-field";
import { useAddOns } from "./use-booking-choices";
import { promoCheckOf, useSettled, useVisitQuote, type VisitQuote } from "./use-visit-quote";
import { addOnsFor, fittingAddOns, quoteBody, type VisitChoice } from "./visit-choice";

export interface VisitState {
  /** The add-ons that go with the service or package chosen, in the shop's order. */
  offered: readonly AddOn[];
  /** The add-ons chosen that go with it: what the quote, the slots and the request take. */
  addOns: string[];
  /** The vehicle's size class as last priced; null before a quote. */
  classId: SizeClassId | null;
  quote: VisitQuote;
  promoCheck: PromoCheck;
  /** The visit the slots are read for, once the choice has settled. */
  service: AvailabilityService;
  /** The choice changed and has not settled: the days and slots shown are for the last one. */
  settling: boolean;
}

/**
 * A booking form's visit as the customer chooses it (both public forms and the counter's): the
 * add-ons that go with it (a new service drops those that do not), the quote for the choice once
 * it has settled, and the same settled visit for the slots, so that they fit its length.
 */
export function useVisit({
  choice,
  bookedPlanId,
  ready,
  setAddOns,
}: {
  choice: Omit<VisitChoice, "addOns"> & { addOns: readonly string[] };
  /** The package booked, by id or as its tier's newest: which add-ons go with it. */
  bookedPlanId: string | undefined;
  /** What the add-ons are judged by is known (the tiers' packages are loaded). */
  ready: boolean;
  setAddOns: (ids: string[]) => void;
}): VisitState {
  const list = useAddOns();
  const fit = { serviceType: choice.serviceType, planId: bookedPlanId ?? null };
  const offered = addOnsFor(list ?? [], fit);
  const addOns = fittingAddOns(list ?? [], choice.addOns, fit);
  const [addOnsKey, chosenKey] = [addOns.join(","), choice.addOns.join(",")];
  // A service or package the ticked add-ons do not go with unticks them.
  useEffect(() => {
    if (list && ready && addOnsKey !== chosenKey) setAddOns(addOnsKey ? addOnsKey.split(",") : []);
  }, [list, ready, addOnsKey, chosenKey, setAddOns]);

  const visit: VisitChoice = { ...choice, addOns };
  const settled = useSettled(visit, JSON.stringify(visit));
  const priced = useVisitQuote(quoteBody(settled.value));
  const quote: VisitQuote = settled.settling ? { quote: priced.quote, pending: true } : priced;
  const { planId, packageSelection, serviceType, vehicleType } = settled.value;
  return {
    offered,
    addOns,
    classId: priced.quote?.sizeClass.id ?? null,
    quote,
    promoCheck: promoCheckOf(choice.promoCode, quote, quoteBody(visit) !== null),
    service: {
      ...(planId ? { planId } : { packageSelection: packageSelection as PackageSelection | undefined }),
      serviceType: (serviceType || undefined) as ServiceType | undefined,
      vehicleType: vehicleType || undefined,
      addOns: settled.value.addOns,
    },
    settling: settled.settling,
  };
}
