import { useEffect, useMemo } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { Oil, ServicePrice } from "~/features/pricing/pricing.schema";
import { packageChoices, type CataloguePackage, type PackageChoice } from "./service-choices";
import { OilChoices } from "./service-step";

/**
 * What both booking forms (the public one and the counter's) offer with a chosen service
 * (decision 048): the package tiers whose package is for it, and an oil change's oils.
 */

/** The tiers for the chosen service; a tier chosen before that is not one for it goes back to None. */
export function useServiceTiers(
  catalogue: readonly CataloguePackage[] | null,
  serviceType: string | undefined,
  packageSelection: string | undefined,
  chooseNone: () => void,
): PackageChoice[] {
  const tiers = useMemo(() => packageChoices(catalogue ?? [], serviceType || undefined), [catalogue, serviceType]);
  const offered = !packageSelection || tiers.some((t) => t.value === packageSelection);
  useEffect(() => {
    if (catalogue && !offered) chooseNone();
  }, [catalogue, offered, chooseNone]);
  return tiers;
}

/** The oils an oil change is priced with (GET /api/service-prices), or none for other work. */
export function oilsFor(prices: readonly ServicePrice[] | null, serviceType: string | undefined): readonly Oil[] {
  return (serviceType && prices?.find((p) => p.serviceType === serviceType)?.oils) || [];
}

/** 'Oil', for an oil change: the first oil is chosen until the customer picks another. */
export function OilField({
  oils,
  radio,
  chosen,
  choose,
  error,
}: {
  oils: readonly Oil[];
  radio: UseFormRegisterReturn<"oilType">;
  chosen: string | undefined;
  choose: (id: string) => void;
  error?: string;
}) {
  const first = oils[0]?.id;
  useEffect(() => {
    if (first && !oils.some((o) => o.id === chosen)) choose(first);
  }, [first, oils, chosen, choose]);
  if (oils.length === 0) return null;
  return (
    <div className="sm:col-span-2">
      <OilChoices radio={radio} oils={oils} error={error} />
    </div>
  );
}
