/** A column's heading; with a class, a lesser column a narrower screen leaves out ("hidden xl:table-cell"). */
export type DataColumn = string | { label: string; className: string };

/**
 * A dashboard table that scrolls sideways on a phone. `relative` keeps screen-reader-only text
 * (absolutely placed) inside the scroll box; without it that text widens the whole page.
 */
export function DataTable({
  caption,
  columns,
  minWidth = "40rem",
  children,
}: {
  caption: string;
  columns: DataColumn[];
  minWidth?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="relative mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            {columns.map((column, i) => {
              const label = typeof column === "string" ? column : column.label;
              return (
                <th key={i} scope="col" className={`px-4 py-3 ${typeof column === "string" ? "" : column.className}`}>
                  {label || <span className="sr-only">Actions</span>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
