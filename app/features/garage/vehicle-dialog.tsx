import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, type Path } from "react-hook-form";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { FormFailure } from "~/components/ui/form-failure";
import { SelectField, TextField } from "~/components/ui/form-field";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { VEHICLE_TYPES } from "~/features/bookings/bookings.schema";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";
import { vehicleInputSchema, type Vehicle, type VehicleInput } from "./garage.schema";

/** What the dialog is open for: a new vehicle (null) or one to edit; the dialog is closed without it. */
export interface VehicleEditing {
  vehicle: Vehicle | null;
}

interface Props {
  editing: VehicleEditing | null;
  /** The latest model year taken (next year, in the business's time zone). */
  maxYear: number;
  onClose(): void;
  /** After a save: the words of the success toast. */
  onSaved(success: { title: string; description: string }): void;
}

const TYPE_OPTIONS = VEHICLE_TYPES.map((type) => ({ value: type, label: type }));

/**
 * Adds a vehicle or edits one, on the native <dialog> (focus kept inside, Escape closes). A
 * refusal is said inside the dialog, where it is seen: a toast would sit behind its backdrop.
 */
export function VehicleDialog({ editing, maxYear, onClose, onSaved }: Props) {
  const ref = useModalDialog(editing !== null);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="vehicle-dialog-title"
      aria-describedby="vehicle-dialog-description"
      className="m-auto w-[min(36rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {/* Keyed by vehicle, so the fields start from each vehicle's own values. */}
      {editing && (
        <VehicleForm
          key={editing.vehicle?._id ?? "new"}
          vehicle={editing.vehicle}
          maxYear={maxYear}
          onClose={onClose}
          onSaved={onSaved}
        />
      )}
    </dialog>
  );
}

/** A year typed as text: empty is none; anything else the schema judges ("Enter a year such as 2019"). */
const yearFromText = (value: unknown) =>
  value === "" || value === null || value === undefined ? null : Number(String(value).trim());

function VehicleForm({ vehicle, maxYear, onClose, onSaved }: Omit<Props, "editing"> & { vehicle: Vehicle | null }) {
  const schema = vehicleInputSchema({ maxYear });
  const form = useForm<z.input<typeof schema>, unknown, VehicleInput>({
    resolver: zodResolver(schema),
    defaultValues: vehicle
      ? {
          vehicleType: vehicle.vehicleType,
          year: vehicle.year,
          make: vehicle.make,
          model: vehicle.model,
          color: vehicle.color,
          plate: vehicle.plate,
          nickname: vehicle.nickname,
        }
      : { vehicleType: undefined, year: null, make: "", model: "", color: "", plate: "", nickname: "" },
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty, dirtyFields } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (vehicle) {
        // Only what was changed is sent, as the specification's plan update does.
        const changes = Object.fromEntries(
          Object.entries(values).filter(([field]) => dirtyFields[field as keyof typeof dirtyFields]),
        );
        await apiFetch(`/api/vehicles/${vehicle._id}`, { method: "PATCH", json: changes });
        onSaved({ title: "Saved", description: "Your vehicle was updated." });
      } else {
        await apiFetch("/api/vehicles", { method: "POST", json: values });
        onSaved({ title: "Vehicle added", description: "Choose it when you book." });
      }
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields))
          if (field in values) form.setError(field as Path<z.input<typeof schema>>, { message });
      }
      setFailure(apiErrorMessage(error));
    }
  });

  return (
    <ClientForm onSubmit={onSubmit} aria-labelledby="vehicle-dialog-title">
      <h2 id="vehicle-dialog-title" className="text-lg font-bold text-slate-900">
        {vehicle ? `Edit ${vehicle.name}` : "Add a vehicle"}
      </h2>
      <p id="vehicle-dialog-description" className="mt-1 text-slate-700">
        Only the type is needed. The rest helps us spot your car when you arrive.
      </p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Vehicle type"
          placeholder="Select type"
          options={TYPE_OPTIONS}
          error={errors.vehicleType?.message}
          {...form.register("vehicleType")}
        />
        <TextField
          label="Year"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          placeholder="2019"
          error={errors.year?.message}
          {...form.register("year", { setValueAs: yearFromText })}
        />
        <TextField
          label="Make"
          maxLength={40}
          placeholder="Honda"
          error={errors.make?.message}
          {...form.register("make")}
        />
        <TextField
          label="Model"
          maxLength={40}
          placeholder="CR-V"
          error={errors.model?.message}
          {...form.register("model")}
        />
        <TextField
          label="Color"
          maxLength={30}
          placeholder="Silver"
          error={errors.color?.message}
          {...form.register("color")}
        />
        <TextField
          label="Plate"
          maxLength={15}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="ABC-1234"
          error={errors.plate?.message}
          {...form.register("plate")}
        />
        <div className="sm:col-span-2">
          <TextField
            label="Nickname"
            maxLength={40}
            placeholder="Family car"
            hint="What you call it, if that helps tell your vehicles apart."
            error={errors.nickname?.message}
            {...form.register("nickname")}
          />
        </div>
      </div>
      <FormFailure message={failure} className="mt-4" />
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={onClose}
          disabled={isSubmitting}
          className={buttonClass({ variant: "secondary" })}
        >
          Cancel
        </button>
        <SubmitButton
          busy={isSubmitting}
          busyLabel={vehicle ? "Saving…" : "Adding…"}
          disabled={vehicle !== null && !isDirty}
          title={vehicle !== null && !isDirty ? "Change something to enable" : undefined}
          className={buttonClass()}
        >
          {vehicle ? "Save changes" : "Add vehicle"}
        </SubmitButton>
      </div>
    </ClientForm>
  );
}
