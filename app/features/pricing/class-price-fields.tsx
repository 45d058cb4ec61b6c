import { useId, type InputHTMLAttributes, type Ref } from "react";
import { classDefaults, LARGER_CLASSES, type LargerClass } from "./class-price-form";
import type { SizeClasses } from "./pricing.schema";

type CellKey = "price" | "minutes";
/** An input's props, with react-hook-form's ref (a prop of its own since React 19). */
type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

const INPUT_MODES = { price: "decimal", minutes: "numeric", text: "text" } as const;

/** A cell of an admin's price table: labelled for screen readers (the table's headings show it), its error under it. */
export function CellInput({
  label,
  error,
  kind,
  ...input
}: InputProps & { label: string; error?: string; kind: CellKey | "text" }) {
  const id = useId();
  return (
    <>
      <input
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        type="text"
        inputMode={INPUT_MODES[kind]}
        autoComplete="off"
        className={`block w-full rounded-md border border-slate-400 px-2 py-1.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 aria-invalid:border-red-700 ${kind === "text" ? "min-w-[8rem]" : "min-w-[4.75rem] text-right tabular-nums"}`}
        {...input}
      />
      {error && (
        <span id={`${id}-error`} className="mt-1 block text-xs font-medium text-red-700">
          {error}
        </span>
      )}
    </>
  );
}

/**
 * A package's, service's or add-on's price and length for the larger size classes, under its base
 * price and length: an empty cell takes the class's default, shown as its placeholder.
 */
export function ClassPriceFields({
  classes,
  base,
  cell,
  errorOf,
  subject,
}: {
  classes: SizeClasses;
  /** The base price and minutes as typed so far: the first class's row, and the defaults' base. */
  base: { price: string; minutes: string };
  /** The input's props for a cell (react-hook-form's register of `classPrices.<class>.<key>`). */
  cell(id: LargerClass, key: CellKey): InputProps;
  errorOf(id: LargerClass, key: CellKey): string | undefined;
  /** What is priced, for the labels ("Platinum Full Detail"): "Medium price" alone is enough in a form of its own. */
  subject?: string;
}) {
  const defaults = classDefaults(classes, base);
  const first = classes.classes[0]!;
  const basePrice = Number(base.price);
  const baseMinutes = Number(base.minutes);
  const label = (name: string, what: string) => `${subject ? `${subject}: ` : ""}${name} ${what}`;
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">Price by vehicle size</legend>
      <p className="mt-1 text-sm text-slate-600">
        Leave a cell empty for the class&apos;s default (in grey): the base plus its surcharge and extra minutes.
      </p>
      <table className="mt-2 w-full max-w-md text-sm">
        <thead className="text-slate-700">
          <tr>
            <th scope="col" className="py-1 pr-3 text-left font-semibold">
              Size
            </th>
            <th scope="col" className="px-1 py-1 text-right font-semibold">
              Price ($)
            </th>
            <th scope="col" className="py-1 pl-1 text-right font-semibold">
              Minutes
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className="py-1.5 pr-3 text-left font-semibold whitespace-nowrap text-slate-800">
              {first.name} <span className="font-normal text-slate-600">(base)</span>
            </th>
            {/* The base as typed above, in the cells' own format. */}
            <td className="px-3 py-1.5 text-right text-slate-700 tabular-nums">
              {base.price.trim() !== "" && Number.isFinite(basePrice) ? basePrice.toFixed(2) : "—"}
            </td>
            <td className="py-1.5 pr-2 pl-1 text-right text-slate-700 tabular-nums">
              {base.minutes.trim() !== "" && Number.isFinite(baseMinutes) ? baseMinutes : "—"}
            </td>
          </tr>
          {LARGER_CLASSES.map((id) => {
            const name = classes.classes.find((c) => c.id === id)?.name ?? id;
            const fallback = defaults[id];
            return (
              <tr key={id}>
                <th scope="row" className="py-1.5 pr-3 text-left align-top font-semibold text-slate-800">
                  {name}
                </th>
                <td className="px-1 py-1 align-top">
                  <CellInput
                    kind="price"
                    label={label(name, "price")}
                    placeholder={fallback ? fallback.price.toFixed(2) : undefined}
                    error={errorOf(id, "price")}
                    {...cell(id, "price")}
                  />
                </td>
                <td className="py-1 pl-1 align-top">
                  <CellInput
                    kind="minutes"
                    label={label(name, "minutes")}
                    placeholder={fallback ? String(fallback.minutes) : undefined}
                    error={errorOf(id, "minutes")}
                    {...cell(id, "minutes")}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </fieldset>
  );
}
