import { Trans, useLingui } from "@lingui/react/macro";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { formatPrice } from "~/lib/money";
import type { PackagePlan } from "./plans.schema";
import { lengthText } from "~/lib/service-length";
import { buttonClass } from "~/components/ui/button";
import { ClassPriceTable } from "~/components/class-price-table";
import { useLocale, useLocalePath } from "~/lib/i18n/use-locale";

/**
 * A package as the pricing and home pages show it, from its first class's price, with its Book A
 * Slot link. Given the vehicle types of each size class, it lists its price and length per class.
 */
export function PlanCard({
  plan,
  label,
  highlighted = false,
  vehicles,
}: {
  plan: PackagePlan;
  label?: string;
  highlighted?: boolean;
  vehicles?: Readonly<Record<string, readonly string[]>>;
}) {
  const headingId = `plan-${plan.id}`;
  const { t } = useLingui();
  const locale = useLocale();
  const localePath = useLocalePath();
  return (
    <article
      aria-labelledby={headingId}
      className={`flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${highlighted ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
    >
      {label && <p className="text-xs font-bold tracking-widest text-brand-700 uppercase">{label}</p>}
      <h3 id={headingId} className="mt-1 text-xl font-bold text-slate-900">
        {plan.name}
      </h3>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-sm font-semibold text-slate-600">
          <Trans>From</Trans>
        </span>{" "}
        <span className="text-4xl font-extrabold text-slate-900">{formatPrice(plan.price)}</span>
        {!vehicles && <span className="text-sm text-slate-600">· {lengthText(plan, locale)}</span>}
      </p>
      {vehicles && (
        <ClassPriceTable
          prices={plan.prices}
          vehicles={vehicles}
          caption={t`${plan.name}: price by vehicle size`}
          className="mt-3"
        />
      )}
      <PlanFeatures features={plan.features} className="mt-5 flex-1" />
      <Link
        to={localePath(`/packages/${plan.id}`)}
        aria-label={t`Book A Slot: ${plan.name}`}
        className={`mt-6 text-center ${buttonClass({ size: "lg" })}`}
      >
        <Trans>Book A Slot</Trans>
      </Link>
    </article>
  );
}

export function PlanFeatures({ features, className = "" }: { features: string[]; className?: string }) {
  if (features.length === 0)
    return (
      <p className={`text-slate-600 ${className}`}>
        <Trans>No features listed.</Trans>
      </p>
    );
  return (
    <ul className={`space-y-2 text-slate-700 ${className}`}>
      {features.map((feature) => (
        <li key={feature} className="flex gap-2">
          <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-green-700" />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
