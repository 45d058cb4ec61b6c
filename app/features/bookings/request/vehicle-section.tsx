import { useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { Vehicle } from "~/features/garage/garage.schema";
import { stepClass, type BookingAccount, type BookingFormApi } from "./booking-form-values";
import type { MemberDetails } from "./member-details";
import { RebookVehicle, type RebookPrefill } from "./rebook-vehicle";
import { useGarage } from "./use-booking-choices";
import { VehicleStep } from "./vehicle-step";
import { suggestedVehicle } from "./visit-choice";

/** A saved vehicle's details as the form's fields hold them. */
const vehicleFields = (vehicle: Vehicle | undefined) => ({
  vehicleType: vehicle?.vehicleType ?? "",
  vehicleYear: vehicle?.year ? String(vehicle.year) : "",
  vehicleMake: vehicle?.make ?? "",
  vehicleModel: vehicle?.model ?? "",
  vehicleColor: vehicle?.color ?? "",
});

/**
 * A member's saved vehicles: the one chosen brings its own type, year, make, model and color. Once
 * the garage is known, and a member's last vehicle filled in, a member with one vehicle starts with
 * it.
 */
export function useVehicleChoice(
  form: BookingFormApi,
  {
    account,
    member,
    vehicleId,
    rebooking,
  }: { account: BookingAccount | null; member: MemberDetails | null; vehicleId: unknown; rebooking: boolean },
) {
  const garage = useGarage(Boolean(account));
  const chosenVehicle = rebooking ? undefined : garage?.find((v) => v._id === vehicleId);
  const fillVehicle = useCallback(
    (vehicle: Vehicle | undefined) => {
      for (const [field, value] of Object.entries(vehicleFields(vehicle)))
        form.setValue(field as keyof ReturnType<typeof vehicleFields>, value as never);
      if (vehicle) form.clearErrors(["vehicleType", "vehicleYear"]);
    },
    [form],
  );
  const suggested = useRef(false);
  useEffect(() => {
    // Once the garage is known, and a member's last vehicle filled in: a vehicle no longer saved
    // is not chosen; a member with one vehicle starts with it, unless the form names another (or
    // a rebook link does).
    if (!garage || (account && !member) || rebooking) return;
    const id = form.getValues("vehicleId");
    const vehicle = garage.find((v) => v._id === id);
    if (vehicle) fillVehicle(vehicle);
    else if (id) form.setValue("vehicleId", "");
    if (suggested.current || id) return;
    suggested.current = true;
    const only = suggestedVehicle(garage, {
      vehicleType: form.getValues("vehicleType"),
      make: form.getValues("vehicleMake"),
      model: form.getValues("vehicleModel"),
    });
    if (only) form.setValue("vehicleId", only);
  }, [form, garage, account, member, vehicleId, fillVehicle, rebooking]);
  return { garage, chosenVehicle, fillVehicle };
}

/** Step 1: the rebook link's vehicle, or a saved one, or one typed in. */
export function VehicleSection({
  form,
  rebook,
  rebooking,
  onAnother,
  vehicleRadio,
  garage,
  chosenVehicle,
  fillVehicle,
}: {
  form: BookingFormApi;
  rebook: RebookPrefill | null | undefined;
  rebooking: boolean;
  onAnother: () => void;
  /** The saved vehicles' radio, registered by the form before its other fields. */
  vehicleRadio: UseFormRegisterReturn<"vehicleId">;
} & ReturnType<typeof useVehicleChoice>) {
  const { errors } = form.formState;
  const { t } = useLingui();
  return (
    <>
      <h3 className={stepClass}>{t`1. Your vehicle`}</h3>
      {rebook && rebooking ? (
        <RebookVehicle rebook={rebook} onAnother={onAnother} />
      ) : (
        <VehicleStep
          garage={garage ?? []}
          chosen={chosenVehicle}
          vehicleRadio={{
            ...vehicleRadio,
            // Choosing a saved vehicle fills its details; "Another vehicle" empties them to be typed.
            onChange: async (event) => {
              await vehicleRadio.onChange(event);
              fillVehicle(garage?.find((v) => v._id === event.target.value));
            },
          }}
          fields={{
            vehicleType: form.register("vehicleType"),
            vehicleYear: form.register("vehicleYear"),
            vehicleMake: form.register("vehicleMake"),
            vehicleModel: form.register("vehicleModel"),
            vehicleColor: form.register("vehicleColor"),
          }}
          errors={{
            vehicleId: errors.vehicleId?.message,
            vehicleType: errors.vehicleType?.message,
            vehicleYear: errors.vehicleYear?.message,
            vehicleMake: errors.vehicleMake?.message,
            vehicleModel: errors.vehicleModel?.message,
            vehicleColor: errors.vehicleColor?.message,
          }}
        />
      )}
    </>
  );
}
