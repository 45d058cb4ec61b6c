import { Link } from "react-router";
import type { Route } from "./+types/manage-plans";
import { DeleteEntryDialog, EditDeleteActions } from "~/components/ui/edit-delete-actions";
import { DataTable } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { formatPrice } from "~/lib/money";
import { PACKAGE_TYPE_LABELS, type PackagePlan } from "~/features/plans/plans.schema";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { pageFromUrl } from "~/lib/pagination";
import { buttonClass } from "~/components/ui/button";

const PAGE_SIZE = 50;

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/manageplans");
  const { page, limit, offset } = pageFromUrl(new URL(args.request.url), PAGE_SIZE);
  const { items, total } = await args.context.services.plans.listPackages({ limit, offset });
  return { items, total, page, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Manage Plans | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function ManagePlansPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  const action = useConfirmedAction<PackagePlan>();
  const deleting = action.pending;

  const confirmDelete = () =>
    action.run(async (plan) => {
      await apiFetch(`/api/plans/${plan.id}`, { method: "DELETE" });
      return { title: "Deleted!", description: `${plan.name} was removed from the site.` };
    });

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Manage Plans</h1>
          <p className="mt-1 text-slate-700">{total === 1 ? "1 package" : `${total} packages`}, newest first</p>
        </div>
        <Link to="/dashboard/addplan" className={buttonClass()}>
          Add a package
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No packages yet. Add the first one.</p>
      ) : (
        <DataTable caption="Packages, newest first" columns={["Name", "Type", "Price", "Features", ""]}>
          {items.map((plan) => (
            <tr key={plan.id} className="border-t border-slate-200">
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {plan.name}
              </th>
              <td className="px-4 py-3">{PACKAGE_TYPE_LABELS[plan.packageType]}</td>
              <td className="px-4 py-3">{formatPrice(plan.price)}</td>
              <td className="px-4 py-3">{plan.features.length}</td>
              <td className="px-4 py-3">
                <EditDeleteActions
                  name={plan.name}
                  editTo={`/dashboard/update-product/${plan.id}`}
                  onDelete={() => action.ask(plan)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Package pages" />
      <DeleteEntryDialog
        name={deleting?.name ?? null}
        description="It disappears from the site at once. Bookings already made keep its name and price."
        busy={action.busy}
        onConfirm={confirmDelete}
        onClose={action.cancel}
      />
    </>
  );
}
