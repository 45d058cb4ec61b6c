import type { InputHTMLAttributes } from "react";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import type { Oil, ServicePrice, SizeClassId } from "~/features/pricing/pricing.schema";
import { SERVICE_TYPES } from "../bookings.schema";
import { ChoiceGroup } from "./choice-group";
import { FixedChoice } from "./fixed-choice";
import { packagePriceOf, type PackageChoice } from "./service-choices";

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

/** "$59.99 · 1 hr 10 min" for the vehicle's class once known, "from $24.99 · 30 min" before. */
function packagePriceText(plan: Parameters<typeof packagePriceOf>[0], classId: SizeClassId | null): string {
  const { price, minutes, from } = packagePriceOf(plan, classId);
  return `${from ? "from " : ""}${formatPrice(price)}${minutes ? ` · ${formatLength(minutes)}` : ""}`;
}

/**
 * The contact form's 'Package': None, or a tier named by the catalogue's package, with its price
 * and length for the vehicle's class (the smallest's, "from", before it is known). Only the tiers
 * whose package is for the chosen service are offered; with none, nothing is asked.
 */
export function PackageChoices({
  radio,
  choices,
  classId,
}: {
  radio: Radio;
  choices: readonly PackageChoice[];
  classId: SizeClassId | null;
}) {
  if (choices.length < 2) return null;
  return (
    <ChoiceGroup
      legend="Package"
      radio={radio}
      choices={choices.map(({ value, plan }) => ({
        value,
        label: plan ? `${value}: ${plan.name}` : value,
        detail:
          value === "None" ? "Just the service" : plan ? packagePriceText(plan, classId) : "Not offered at the moment",
        disabled: value !== "None" && !plan,
      }))}
    />
  );
}

/** A package chosen before the form (a package page's guest link) that no tier names: shown, and can be dropped. */
export function ChosenPackage({
  plan,
  classId,
  onDrop,
}: {
  plan: Parameters<typeof packagePriceOf>[0] & { name: string };
  classId: SizeClassId | null;
  onDrop: () => void;
}) {
  return (
    <FixedChoice
      legend="Package"
      title={plan.name}
      detail={packagePriceText(plan, classId)}
      change="Choose another package"
      onChange={onDrop}
    />
  );
}

/**
 * An oil change's 'Oil': the shop's oils, each with what it adds to the price (decision 048); the
 * first is the service's own. Shown only for an oil change.
 */
export function OilChoices({ radio, oils, error }: { radio: Radio; oils: readonly Oil[]; error?: string }) {
  return (
    <ChoiceGroup
      legend="Oil"
      radio={radio}
      error={error}
      choices={oils.map((oil) => ({
        value: oil.id,
        label: oil.name,
        detail: oil.price > 0 ? `+ ${formatPrice(oil.price)}` : "Included in the price",
      }))}
    />
  );
}
