import type { Route } from "./+types/customers";
import { buttonClass } from "~/components/ui/button";
import { Pager } from "~/components/ui/pager";
import { SearchForm } from "~/components/ui/search-form";
import { CustomerTable } from "~/features/customers/customer-table";
import {
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SORTS,
  customerQuerySchema,
  type CustomerSort,
} from "~/features/customers/customers.schema";
import { requirePage } from "~/features/users/page-access.server";
import { pageFromUrl } from "~/lib/pagination";
import { pageSearch } from "~/lib/page-search";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/customers");
  const { services, site } = args.context;
  const url = new URL(args.request.url);
  // The API's own rules: a value it would refuse reads as no search and the default order.
  const { q = "", sort = "recent" } = pageSearch(url, customerQuerySchema.pick({ q: true, sort: true }));
  const { page, limit, offset } = pageFromUrl(url, CUSTOMER_PAGE_SIZE);
  const { items, total } = await services.customers.list(actor, { q, sort, limit, offset });
  return { customers: items, total, page, q, sort, siteName: site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Customers | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const csvHref = (q: string, sort: CustomerSort) => `/api/customers/list.csv?${new URLSearchParams({ q, sort })}`;

/** Dashboard → Customers (issue 30): accounts and guests in one list, searched, sorted and downloaded. */
export default function CustomersPage({ loaderData }: Route.ComponentProps) {
  const { customers, total, page, q, sort } = loaderData;
  const sortLabel = CUSTOMER_SORTS.find((s) => s.id === sort)!.label.toLowerCase();
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Customers</h1>
      <p className="mt-1 max-w-2xl text-slate-700">
        Everyone who booked, with an account or as a guest, once each: an account by its verified e-mail, a guest by the
        e-mail of their bookings, or by their phone when they gave no e-mail. Visits and spending count collected
        visits.
      </p>
      <SearchForm
        name="q"
        label="Search customers"
        defaultValue={q}
        placeholder="Name, e-mail, phone or plate"
        button="Search"
      >
        <label className="sr-only" htmlFor="customer-sort">
          Sort by
        </label>
        <select
          id="customer-sort"
          name="sort"
          defaultValue={sort}
          className="rounded-md border border-slate-400 bg-white px-3 py-2"
        >
          {CUSTOMER_SORTS.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </SearchForm>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700" aria-live="polite">
          {total === 1 ? "1 customer" : `${total.toLocaleString("en-US")} customers`}
          {q && ` found for “${q}”`}, by {sortLabel}.
        </p>
        {total > 0 && (
          <a href={csvHref(q, sort)} download className={buttonClass({ variant: "outline", size: "sm" })}>
            Download CSV
          </a>
        )}
      </div>
      {customers.length === 0 ? (
        <p className="mt-6 rounded-lg bg-white p-6 text-slate-700">
          {q ? "Nobody matches this search." : "No customers yet: they appear with their first booking."}
        </p>
      ) : (
        <CustomerTable customers={customers} caption={`Customers, by ${sortLabel}`} />
      )}
      <Pager page={page} total={total} size={CUSTOMER_PAGE_SIZE} label="Customer pages" />
    </>
  );
}
