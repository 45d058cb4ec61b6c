import type { InputHTMLAttributes } from "react";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import type { ServicePrice } from "~/features/pricing/pricing.schema";
import { SERVICE_TYPES } from "../bookings.schema";
import { ChoiceGroup } from "./choice-group";
import { FixedChoice } from "./fixed-choice";
import type { PackageChoice } from "./service-choices";

type Radio = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;

/** "from $44.99 · about 30 min": a single service's price and length for the smallest vehicle, once known. */
export function servicePriceText(prices: readonly ServicePrice[] | null, type: string): string | undefined {
  const price = prices?.find((p) => p.serviceType === type);
  return price ? `from ${formatPrice(price.price)} · about ${formatLength(price.minutes)}` : undefined;
}

/**
 * 'Service Type' as cards. Without a package each shows its price and length for the smallest
 * vehicle (the admin's, GET /api/service-prices; the quote gives the vehicle's own); with one the
 * package's price and length are what count, so they are left out here.
 */
export function ServiceChoices({
  radio,
  error,
  withDetails,
  prices,
}: {
  radio: Radio;
  error?: string;
  withDetails: boolean;
  prices: readonly ServicePrice[] | null;
}) {
  const detail = (type: string) => (withDetails ? servicePriceText(prices, type) : undefined);
  return (
    <ChoiceGroup
      legend="Service Type"
      layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
      radio={radio}
      error={error}
      choices={SERVICE_TYPES.map((type) => ({
        value: type,
        label: type,
        detail: detail(type),
      }))}
    />
  );
}

/**
 * The contact form's 'Package': None, or a tier named by the catalogue's package, with its price
 * and length from the smallest vehicle's (the quote gives the vehicle's own).
 */
export function PackageChoices({ radio, choices }: { radio: Radio; choices: readonly PackageChoice[] }) {
  return (
    <ChoiceGroup
      legend="Package"
      radio={radio}
      choices={choices.map(({ value, plan }) => ({
        value,
        label: plan ? `${value}: ${plan.name}` : value,
        detail:
          value === "None"
            ? "Just the service"
            : plan
              ? `from ${formatPrice(plan.price)}${plan.minutes ? ` · ${formatLength(plan.minutes)}` : ""}`
              : "Not offered at the moment",
        disabled: value !== "None" && !plan,
      }))}
    />
  );
}

/** A package chosen before the form (a package page's guest link) that no tier names: shown, and can be dropped. */
export function ChosenPackage({
  plan,
  onDrop,
}: {
  plan: { name: string; price: number; minutes?: number };
  onDrop: () => void;
}) {
  return (
    <FixedChoice
      legend="Package"
      title={plan.name}
      detail={`from ${formatPrice(plan.price)}${plan.minutes ? ` · ${formatLength(plan.minutes)}` : ""}`}
      change="Choose another package"
      onChange={onDrop}
    />
  );
}
