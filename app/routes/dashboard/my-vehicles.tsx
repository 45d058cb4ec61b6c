import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Car, Plus } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/my-vehicles";
import { BackButton } from "~/components/ui/back-button";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toast";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import { GARAGE_MAX, latestModelYear, type Vehicle } from "~/features/garage/garage.schema";
import { VehicleDialog, type VehicleEditing } from "~/features/garage/vehicle-dialog";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { businessToday } from "~/lib/business-date";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { memberPageMeta } from "~/lib/page-meta";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/my-vehicles");
  const vehicles = await args.context.services.garage.listVehicles(actor);
  return {
    vehicles,
    maxYear: latestModelYear(businessToday(args.context.site.timeZone)),
    siteName: args.context.site.name,
  };
}

export const meta: Route.MetaFunction = (args) => memberPageMeta(args, msg`My Vehicles`);

/** A member's garage: the vehicles they choose from when they book, added, edited and removed here. */
export default function MyVehiclesPage({ loaderData }: Route.ComponentProps) {
  const { vehicles, maxYear } = loaderData;
  const { t } = useLingui();
  const [editing, setEditing] = useState<VehicleEditing | null>(null);
  const removal = useConfirmedAction<Vehicle>({ failureTitle: t`Failed` });
  const toast = useToast();
  const revalidator = useRevalidator();
  const full = vehicles.length >= GARAGE_MAX;

  async function saved(success: { title: string; description: string }) {
    setEditing(null);
    void toast({ ...success, tone: "success" });
    await revalidator.revalidate();
  }

  const addButton = (
    <button
      type="button"
      onClick={() => setEditing({ vehicle: null })}
      disabled={full}
      className={`${buttonClass()} inline-flex items-center gap-2`}
    >
      <Plus aria-hidden className="size-5" />
      <Trans>Add a vehicle</Trans>
    </button>
  );

  return (
    <>
      <BackButton />
      <div className="mt-3 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold text-slate-900">
            <Trans>My Vehicles</Trans>
          </h1>
          <p className="mt-1 text-slate-700">
            <Trans>Save your vehicles once, then choose one when you book.</Trans>
          </p>
        </div>
        {vehicles.length > 0 && addButton}
      </div>
      {full && (
        <p className="mt-3 text-slate-700">
          <Trans>You can keep up to {GARAGE_MAX} vehicles. Remove one to add another.</Trans>
        </p>
      )}
      {vehicles.length === 0 ? (
        <div className="mt-8 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg bg-white p-6">
          <p className="text-slate-700">
            <Trans>No vehicles saved yet. Add one to book faster.</Trans>
          </p>
          {addButton}
        </div>
      ) : (
        <ul aria-label={t`Your vehicles`} className="mt-8 grid gap-4 md:grid-cols-2">
          {vehicles.map((vehicle) => (
            <VehicleCard
              key={vehicle._id}
              vehicle={vehicle}
              onEdit={() => setEditing({ vehicle })}
              onRemove={() => removal.ask(vehicle)}
            />
          ))}
        </ul>
      )}
      <VehicleDialog editing={editing} maxYear={maxYear} onClose={() => setEditing(null)} onSaved={saved} />
      <ConfirmDialog
        open={removal.pending !== null}
        title={t`Remove ${removal.pending?.name ?? ""}?`}
        description={t`It will no longer be offered when you book. Bookings already made with it keep it.`}
        confirmLabel={t`Remove`}
        closeLabel={t`Cancel`}
        busyLabel={t`Removing…`}
        danger
        busy={removal.busy}
        onConfirm={() =>
          removal.run(async (vehicle) => {
            await apiFetch(`/api/vehicles/${vehicle._id}`, { method: "DELETE" });
            const name = vehicle.name;
            return { title: t`Removed`, description: t`${name} was removed from your vehicles.` };
          })
        }
        onClose={removal.cancel}
      />
    </>
  );
}

function VehicleCard({ vehicle, onEdit, onRemove }: { vehicle: Vehicle; onEdit(): void; onRemove(): void }) {
  const { t, i18n } = useLingui();
  const name = vehicle.name;
  // The nickname under the name, unless it is the name already.
  const nickname = vehicle.nickname && vehicle.nickname !== vehicle.name ? vehicle.nickname : null;
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-800">
          <Car className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="font-bold break-words text-slate-900">{vehicle.name}</h2>
          {nickname && <p className="text-sm break-words text-slate-600">{nickname}</p>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
        <dt className="font-semibold">
          <Trans>Type</Trans>
        </dt>
        <dd>{i18n._(catalogueName(vehicle.vehicleType))}</dd>
        <dt className="font-semibold">
          <Trans>Year</Trans>
        </dt>
        <dd>{vehicle.year ?? t`Not given`}</dd>
        <dt className="font-semibold">
          <Trans>Plate</Trans>
        </dt>
        <dd className="min-w-0 break-words">
          {vehicle.plate ? (
            <span className="rounded border border-slate-400 px-1.5 font-mono font-semibold tracking-wide text-slate-900">
              {vehicle.plate}
            </span>
          ) : (
            t`Not given`
          )}
        </dd>
      </dl>
      {/* At the card's foot, level with the next card's whatever each one shows. */}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        <button type="button" onClick={onEdit} className={buttonClass({ variant: "outline", size: "sm" })}>
          <Trans>
            Edit<span className="sr-only"> {name}</span>
          </Trans>
        </button>
        <button
          type="button"
          onClick={onRemove}
          className="rounded-md border border-red-700 px-3 py-1.5 font-semibold text-red-800 hover:bg-red-50"
        >
          <Trans>
            Remove<span className="sr-only"> {name}</span>
          </Trans>
        </button>
      </div>
    </li>
  );
}
