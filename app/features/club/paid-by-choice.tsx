import type { UseFormRegisterReturn } from "react-hook-form";
import { METHOD_LABELS } from "~/features/till/till.schema";

export const SALE_METHODS = ["cash", "card", "other"] as const;
export type SaleMethod = (typeof SALE_METHODS)[number];

/** "Paid by": cash, card or other, as the till's gift card sale asks it. */
export function PaidByChoice({ register, legend = "Paid by" }: { register: UseFormRegisterReturn; legend?: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {SALE_METHODS.map((m) => (
          <label
            key={m}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 py-2 font-semibold text-slate-900 has-checked:border-brand-700 has-checked:bg-brand-50"
          >
            <input type="radio" value={m} className="size-4 accent-brand-700" {...register} />
            {METHOD_LABELS[m]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
