import { useLingui } from "@lingui/react/macro";
import { useCallback, type InputHTMLAttributes } from "react";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { useLocale } from "~/lib/i18n/use-locale";
import { formatPrice } from "~/lib/money";
import { formatLength } from "~/lib/service-length";
import type { Oil, ServicePrice, SizeClassId } from "~/features/pricing/pricing.schema";
import { SERVICE_TYPES } from "../bookings.schema";
import { ChoiceGroup } from "./choice-group";
import { FixedChoice } from "./fixed-choice";
import { packagePriceOf, type PackageChoice } from "./service-choices";

type Radio = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value">;

/**
 * "from $44.99 · about 30 min" ("desde $44.99 · unos 30 min"): a single service's price and length
 * for the smallest vehicle, once known.
 */
export function useServicePriceText(): (prices: readonly ServicePrice[] | null, type: string) => string | undefined {
  const { t } = useLingui();
  const locale = useLocale();
  return useCallback(
    (prices, type) => {
      const found = prices?.find((p) => p.serviceType === type);
      if (!found) return undefined;
      const [price, length] = [formatPrice(found.price), formatLength(found.minutes, locale)];
      return t`from ${price} · about ${length}`;
    },
    [t, locale],
  );
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
  const { t } = useLingui();
  const servicePriceText = useServicePriceText();
  const detail = (type: string) => (withDetails ? servicePriceText(prices, type) : undefined);
  return (
    <ChoiceGroup
      legend={t`Service Type`}
      layout="grid grid-cols-2 gap-2 sm:grid-cols-3"
      radio={radio}
      error={error}
      choices={SERVICE_TYPES.map((type) => ({
        value: type,
        label: t(catalogueName(type)),
        detail: detail(type),
      }))}
    />
  );
}

/** "$59.99 · 1 hr 10 min" for the vehicle's class once known, "from $24.99 · 30 min" before. */
function usePackagePriceText() {
  const { t } = useLingui();
  const locale = useLocale();
  return (plan: Parameters<typeof packagePriceOf>[0], classId: SizeClassId | null): string => {
    const { price, minutes, from } = packagePriceOf(plan, classId);
    const amount = formatPrice(price);
    const priced = from ? t`from ${amount}` : amount;
    return `${priced}${minutes ? ` · ${formatLength(minutes, locale)}` : ""}`;
  };
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
  const { t } = useLingui();
  const packagePriceText = usePackagePriceText();
  // The tiers' names as the page's language says them; the values stay the specification's.
  const tierName: Record<string, string> = {
    None: t`None`,
    Basic: t`Basic`,
    Standard: t`Standard`,
    Premium: t`Premium`,
  };
  if (choices.length < 2) return null;
  return (
    <ChoiceGroup
      legend={t`Package`}
      radio={radio}
      choices={choices.map(({ value, plan }) => {
        const tier = tierName[value] ?? value;
        return {
          value,
          label: plan ? `${tier}: ${plan.name}` : tier,
          detail:
            value === "None"
              ? t`Just the service`
              : plan
                ? packagePriceText(plan, classId)
                : t`Not offered at the moment`,
          disabled: value !== "None" && !plan,
        };
      })}
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
  const { t } = useLingui();
  const packagePriceText = usePackagePriceText();
  return (
    <FixedChoice
      legend={t`Package`}
      title={plan.name}
      detail={packagePriceText(plan, classId)}
      change={t`Choose another package`}
      onChange={onDrop}
    />
  );
}

/**
 * An oil change's 'Oil': the shop's oils, each with what it adds to the price (decision 048); the
 * first is the service's own. Shown only for an oil change.
 */
export function OilChoices({ radio, oils, error }: { radio: Radio; oils: readonly Oil[]; error?: string }) {
  const { t } = useLingui();
  return (
    <ChoiceGroup
      legend={t`Oil`}
      radio={radio}
      error={error}
      choices={oils.map((oil) => ({
        value: oil.id,
        label: oil.name,
        detail: oil.price > 0 ? `+ ${formatPrice(oil.price)}` : t`Included in the price`,
      }))}
    />
  );
}
