import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { fixedMessage } from "~/lib/i18n/fixed-messages";
import { useLocale } from "~/lib/i18n/use-locale";
import type { AddOn, SizeClassId } from "~/features/pricing/pricing.schema";
import type { VisitState } from "./use-visit";
import { addOnPriceText } from "./visit-choice";

/**
 * 'Add-ons': the extras that go with the chosen service or package, as cards to tick, each with
 * what it adds for the vehicle's size class ("+ $35 · 20 min"). Nothing when none goes with it.
 */
export function AddOnChoices({
  addOns,
  chosen,
  onChange,
  classId,
  error,
}: {
  addOns: readonly AddOn[];
  chosen: readonly string[];
  onChange: (ids: string[]) => void;
  /** The vehicle's class, as the quote priced it; null before: the smallest class's price, "from". */
  classId: SizeClassId | null;
  error?: string;
}) {
  const id = useId();
  const { t } = useLingui();
  const locale = useLocale();
  if (addOns.length === 0) return null;
  const toggle = (addOnId: string, on: boolean) =>
    onChange(on ? [...chosen, addOnId] : chosen.filter((chosenId) => chosenId !== addOnId));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{t`Add-ons`}</legend>
      <p className="mt-1 text-sm text-slate-600">{t`Extras for this service, if you'd like them.`}</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {addOns.map((addOn, index) => (
          <label
            key={addOn._id}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-400 bg-white px-3 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-700"
          >
            <input
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              checked={chosen.includes(addOn._id)}
              onChange={(event) => toggle(addOn._id, event.target.checked)}
              aria-labelledby={`${id}-${index}-name ${id}-${index}-price`}
              aria-describedby={addOn.description ? `${id}-${index}-about` : undefined}
            />
            <span className="min-w-0">
              <span id={`${id}-${index}-name`} className="font-semibold text-slate-900">
                {addOn.name}
              </span>{" "}
              <span id={`${id}-${index}-price`} className="text-sm font-semibold whitespace-nowrap text-brand-800">
                {addOnPriceText(addOn, classId, locale)}
              </span>
              {addOn.description && (
                <span id={`${id}-${index}-about`} className="mt-0.5 block text-sm text-slate-600">
                  {addOn.description}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {t(fixedMessage(error))}
        </p>
      )}
    </fieldset>
  );
}

/** The add-ons of the visit chosen, on a row of their own, when any go with it: both booking forms' (the public one, the counter's). */
export function VisitAddOns({
  visit,
  onChange,
  error,
}: {
  visit: Pick<VisitState, "offered" | "addOns" | "classId">;
  onChange: (ids: string[]) => void;
  error: string | undefined;
}) {
  if (visit.offered.length === 0) return null;
  return (
    <div className="sm:col-span-2">
      <AddOnChoices
        addOns={visit.offered}
        chosen={visit.addOns}
        onChange={onChange}
        classId={visit.classId}
        error={error}
      />
    </div>
  );
}
