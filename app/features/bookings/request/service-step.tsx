import type { InputHTMLAttributes } from "react";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import type { ServicePrice } from "~/features/pricing/pricing.schema";
import { SERVICE_TYPES } from "../bookings.schema";
import { ChoiceGroup } from "./choice-group";
import type { PackageChoice } from "./service-choices";

type Radio = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;

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
  const detail = (type: string) => {
    const price = prices?.find((p) => p.serviceType === type);
    return withDetails && price ? `from ${formatPrice(price.price)} · about ${formatLength(price.minutes)}` : undefined;
  };
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
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">Package</legend>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border-2 border-brand-700 bg-brand-50 px-3 py-2.5">
        <p>
          <span className="block font-semibold text-slate-900">{plan.name}</span>
          <span className="text-sm text-slate-600">
            from {formatPrice(plan.price)}
            {plan.minutes ? ` · ${formatLength(plan.minutes)}` : ""}
          </span>
        </p>
        <button type="button" onClick={onDrop} className="text-sm font-semibold text-brand-700 underline">
          Choose another package
        </button>
      </div>
    </fieldset>
  );
}
