import type { UseFormRegisterReturn } from "react-hook-form";
import { SelectField, TextField } from "~/components/ui/form-field";
import type { Vehicle } from "~/features/garage/garage.schema";
import { VEHICLE_TYPES } from "../bookings.schema";
import { ChoiceGroup } from "./choice-group";
import { vehicleLabel } from "./visit-choice";

type VehicleField = "vehicleType" | "vehicleYear" | "vehicleMake" | "vehicleModel" | "vehicleColor";

const vehicleOptions = VEHICLE_TYPES.map((value) => ({ value, label: value }));

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
  return (
    <div className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
      {garage.length > 0 && (
        <div className="sm:col-span-2">
          <ChoiceGroup
            legend="Which vehicle?"
            radio={vehicleRadio}
            error={errors.vehicleId}
            choices={[
              ...garage.map((vehicle) => ({ value: vehicle._id, label: vehicleLabel(vehicle) })),
              { value: "", label: "Another vehicle" },
            ]}
          />
        </div>
      )}
      {!chosen && (
        <>
          <SelectField
            label="Vehicle Type"
            placeholder="Select…"
            options={vehicleOptions}
            error={errors.vehicleType}
            {...fields.vehicleType}
          />
          <TextField
            label="Vehicle Year"
            inputMode="numeric"
            placeholder="e.g. 2019 (optional)"
            error={errors.vehicleYear}
            {...fields.vehicleYear}
          />
          <div className="grid grid-cols-2 gap-3 sm:col-span-2 sm:grid-cols-3 sm:gap-5">
            <TextField
              label="Make"
              autoComplete="off"
              placeholder="e.g. Honda"
              error={errors.vehicleMake}
              {...fields.vehicleMake}
            />
            <TextField
              label="Model"
              autoComplete="off"
              placeholder="e.g. CR-V"
              error={errors.vehicleModel}
              {...fields.vehicleModel}
            />
            <TextField
              label="Color"
              autoComplete="off"
              placeholder="e.g. Silver"
              error={errors.vehicleColor}
              {...fields.vehicleColor}
            />
            <p className="col-span-2 -mt-1 text-sm text-slate-600 sm:col-span-3">
              Make, model and color are optional: they help us spot your car when you arrive.
            </p>
          </div>
        </>
      )}
    </div>
  );
}
