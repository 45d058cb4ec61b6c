/** A GET filter's From and To days (YYYY-MM-DD in the URL): the dashboard's lists filter by them. */
export function DateRangeFields({ from, to, inputClass }: { from?: string; to?: string; inputClass: string }) {
  return (
    <>
      <label className="text-sm font-semibold text-slate-800">
        From
        <input name="from" type="date" defaultValue={from ?? ""} className={inputClass} />
      </label>
      <label className="text-sm font-semibold text-slate-800">
        To
        <input name="to" type="date" defaultValue={to ?? ""} className={inputClass} />
      </label>
    </>
  );
}
