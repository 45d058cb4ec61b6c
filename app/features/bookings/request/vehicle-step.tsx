import { useLingui } from "@lingui/react/macro";
import type { UseFormRegisterReturn } from "react-hook-form";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { SelectField, TextField } from "~/components/ui/form-field";
import type { Vehicle } from "~/features/garage/garage.schema";
import { VEHICLE_TYPES } from "../bookings.schema";
import { ChoiceGroup } from "./choice-group";
import { vehicleLabel } from "./visit-choice";

type VehicleField = "vehicleType" | "vehicleYear" | "vehicleMake" | "vehicleModel" | "vehicleColor";

/**
 * The vehicle, first: its type decides the price and the length of everything after it. A member
 * with saved vehicles chooses one (its type and year come with it) or "Another vehicle"; anyone
 * else gives the type, and if they like the year, make, model and color (the shop's staff then
 * know which car is theirs).
 */
export function VehicleStep({
  fields,
  errors,
  garage,
  chosen,
  vehicleRadio,
}: {
  fields: Record<VehicleField, UseFormRegisterReturn>;
  errors: Partial<Record<VehicleField | "vehicleId", string>>;
  /** The member's saved vehicles: none for a visitor (or before they are known). */
  garage: readonly Vehicle[];
  /** The saved vehicle chosen, if any: the fields are its own then. */
  chosen: Vehicle | undefined;
  vehicleRadio: UseFormRegisterReturn;
}) {
  const { t } = useLingui();
  // The stored value stays the English type; the page names it in its language.
  const vehicleOptions = VEHICLE_TYPES.map((value) => ({ value, label: t(catalogueName(value)) }));
  return (
    <div className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
      {garage.length > 0 && (
        <div className="sm:col-span-2">
          <ChoiceGroup
            legend={t`Which vehicle?`}
            radio={vehicleRadio}
            error={errors.vehicleId}
            choices={[
              ...garage.map((vehicle) => ({
                value: vehicle._id,
                label: vehicleLabel(vehicle, (type) => t(catalogueName(type))),
              })),
              { value: "", label: t`Another vehicle` },
            ]}
          />
        </div>
      )}
      {!chosen && (
        <>
          <SelectField
            label={t`Vehicle Type`}
            placeholder={t`Select…`}
            options={vehicleOptions}
            error={errors.vehicleType}
            {...fields.vehicleType}
          />
          <TextField
            label={t`Vehicle Year`}
            inputMode="numeric"
            placeholder={t`e.g. 2019 (optional)`}
            error={errors.vehicleYear}
            {...fields.vehicleYear}
          />
          <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-3 sm:gap-5">
            <TextField
              label={t`Make`}
              autoComplete="off"
              placeholder={t`e.g. Honda`}
              error={errors.vehicleMake}
              {...fields.vehicleMake}
            />
            <TextField
              label={t`Model`}
              autoComplete="off"
              placeholder={t`e.g. CR-V`}
              error={errors.vehicleModel}
              {...fields.vehicleModel}
            />
            <TextField
              label={t`Color`}
              autoComplete="off"
              placeholder={t`e.g. Silver`}
              error={errors.vehicleColor}
              {...fields.vehicleColor}
            />
            <p className="col-span-2 -mt-1 text-sm text-slate-600 sm:col-span-3">
              {t`Make, model and color are optional: they help us spot your car when you arrive.`}
            </p>
          </div>
        </>
      )}
    </div>
  );
}
