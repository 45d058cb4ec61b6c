import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { DataTable } from "~/components/ui/data-table";
import { useApiAction } from "~/components/ui/use-api-action";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { apiFetch } from "~/lib/api-client";
import { formatPrice } from "~/lib/money";
import { AddOnDialog, type AddOnEditing, type PackageChoice } from "./add-on-dialog";
import type { AddOn, SizeClasses } from "./pricing.schema";

/** What an add-on goes with, in words: its services and packages, or every visit. */
function goesWith(addOn: AddOn, packages: PackageChoice[]): string {
  const names = [
    ...addOn.serviceTypes,
    ...addOn.planIds.map((id) => packages.find((p) => p.id === id)?.name ?? "a package no longer offered"),
  ];
  return names.length ? names.join(", ") : "Every visit";
}

/**
 * The add-ons (GET /api/add-ons?all=true): each one's price and minutes per size, what it goes
 * with, whether the forms offer it; added and edited in a dialog, taken off the forms or deleted.
 */
export function AddOnsPanel({
  addOns,
  classes,
  packages,
}: {
  addOns: AddOn[];
  classes: SizeClasses;
  packages: PackageChoice[];
}) {
  const [editing, setEditing] = useState<AddOnEditing | null>(null);
  const toggle = useApiAction({ failureToast: "Update failed" });
  const remove = useConfirmedAction<AddOn>();
  const sizes = classes.classes.map((c) => c.name).join(" / ");

  const setActive = (addOn: AddOn, active: boolean) =>
    toggle.run(async () => {
      await apiFetch(`/api/add-ons/${addOn._id}`, { method: "PATCH", json: { active } });
      return active
        ? { title: "Activated", description: `${addOn.name} is back on the booking forms.` }
        : { title: "Deactivated", description: `${addOn.name} is off the booking forms. Bookings made keep it.` };
    });

  return (
    <section aria-labelledby="add-ons-heading" className="rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="add-ons-heading" className="text-lg font-bold text-slate-900">
            Add-ons
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-slate-700">
            Extras a customer can add to a visit on the booking forms, priced and timed by vehicle size.
          </p>
        </div>
        <button type="button" className={buttonClass()} onClick={() => setEditing({ kind: "new" })}>
          Add an add-on
        </button>
      </div>
      {addOns.length === 0 ? (
        <p className="mt-5 text-slate-700">No add-ons yet.</p>
      ) : (
        <DataTable caption="Add-ons" columns={["Add-on", `By size (${sizes})`, "Goes with", ""]} minWidth="44rem">
          {addOns.map((addOn) => (
            <tr key={addOn._id} className="border-t border-slate-200 align-top">
              <th scope="row" className="px-3 py-3 font-semibold text-slate-900">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  {addOn.name}
                  <span
                    className={`rounded px-2 py-0.5 text-xs font-semibold ${addOn.active ? "bg-green-100 text-green-900" : "bg-slate-200 text-slate-800"}`}
                  >
                    {addOn.active ? "Active" : "Inactive"}
                  </span>
                </span>
                {addOn.description && (
                  <span className="mt-0.5 block min-w-[10rem] text-xs font-normal text-slate-600">
                    {addOn.description}
                  </span>
                )}
              </th>
              <td className="px-3 py-3 whitespace-nowrap tabular-nums">
                <ul aria-label={`${addOn.name} by size`}>
                  {addOn.prices.map((p) => (
                    <li key={p.classId}>
                      <span className="sr-only">{p.className}: </span>
                      {formatPrice(p.price)} · {p.minutes} min
                    </li>
                  ))}
                </ul>
              </td>
              <td className="min-w-[8rem] px-3 py-3">{goesWith(addOn, packages)}</td>
              <td className="px-3 py-3">
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className={buttonClass({ variant: "outline", size: "sm" })}
                    onClick={() => setEditing({ kind: "edit", addOn })}
                  >
                    Edit<span className="sr-only"> {addOn.name}</span>
                  </button>
                  <button
                    type="button"
                    className={buttonClass({ variant: "secondary", size: "sm" })}
                    disabled={toggle.busy}
                    onClick={() => void setActive(addOn, !addOn.active)}
                  >
                    {addOn.active ? "Deactivate" : "Activate"}
                    <span className="sr-only"> {addOn.name}</span>
                  </button>
                  <button
                    type="button"
                    onClick={() => remove.ask(addOn)}
                    className="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-800 hover:bg-red-50"
                  >
                    Delete<span className="sr-only"> {addOn.name}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <AddOnDialog editing={editing} classes={classes} packages={packages} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={remove.pending !== null}
        title={`Delete ${remove.pending?.name ?? ""}?`}
        description="It leaves the booking forms at once; bookings already made keep it on their bill. To stop offering it for a while, deactivate it instead."
        confirmLabel="Delete"
        busyLabel="Deleting…"
        danger
        busy={remove.busy}
        onConfirm={() =>
          remove.run(async (addOn) => {
            await apiFetch(`/api/add-ons/${addOn._id}`, { method: "DELETE" });
            return { title: "Deleted", description: `${addOn.name} was deleted.` };
          })
        }
        onClose={remove.cancel}
      />
    </section>
  );
}
