/**
 * A choice the form has already made (a package a link chose, a reminder's vehicle and service),
 * shown as the chosen card, with the one way to choose otherwise.
 */
export function FixedChoice({
  legend,
  title,
  detail,
  change,
  onChange,
}: {
  legend: string;
  title: string;
  detail?: string;
  /** What the button says: "Choose another package". */
  change: string;
  onChange: () => void;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border-2 border-brand-700 bg-brand-50 px-3 py-2.5">
        <p>
          <span className="block font-semibold text-slate-900">{title}</span>
          {detail && <span className="text-sm text-slate-600">{detail}</span>}
        </p>
        <button type="button" onClick={onChange} className="text-sm font-semibold text-brand-700 underline">
          {change}
        </button>
      </div>
    </fieldset>
  );
}
