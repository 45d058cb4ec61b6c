import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
import { catalogueName } from "~/lib/i18n/catalogue-names";
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

/** The schema's messages (garage.schema.ts, English as the API words them) as the page's language says them. */
const FIELD_MESSAGES: Record<string, MessageDescriptor> = {
  "Enter a year such as 2019": msg`Enter a year such as 2019`,
  "Year must be 1980 or newer": msg`Year must be 1980 or newer`,
  "Select vehicle type": msg`Select vehicle type`,
  "Use letters, digits, spaces and dashes": msg`Use letters, digits, spaces and dashes`,
};

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
  const { t, i18n } = useLingui();
  const typeOptions = VEHICLE_TYPES.map((type) => ({ value: type, label: i18n._(catalogueName(type)) }));
  const fieldError = (field: keyof typeof errors) => {
    const message = errors[field]?.message;
    if (!message) return undefined;
    const late = /^Year must be ≤ (\d+)$/.exec(message);
    if (late) return t`Year must be ${late[1]} or earlier`;
    const long = /^At most (\d+) characters$/.exec(message);
    if (long) return t`At most ${long[1]} characters`;
    const known = FIELD_MESSAGES[message];
    return known ? i18n._(known) : message;
  };
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
        onSaved({ title: t`Saved`, description: t`Your vehicle was updated.` });
      } else {
        await apiFetch("/api/vehicles", { method: "POST", json: values });
        onSaved({ title: t`Vehicle added`, description: t`Choose it when you book.` });
      }
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields))
          if (field in values) form.setError(field as Path<z.input<typeof schema>>, { message });
      }
      setFailure(apiErrorMessage(error, t`Please try again.`));
    }
  });

  return (
    <ClientForm onSubmit={onSubmit} aria-labelledby="vehicle-dialog-title">
      <h2 id="vehicle-dialog-title" className="text-lg font-bold text-slate-900">
        {vehicle ? t`Edit ${vehicle.name}` : t`Add a vehicle`}
      </h2>
      <p id="vehicle-dialog-description" className="mt-1 text-slate-700">
        <Trans>Only the type is needed. The rest helps us spot your car when you arrive.</Trans>
      </p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t`Vehicle type`}
          placeholder={t`Select type`}
          options={typeOptions}
          error={fieldError("vehicleType")}
          {...form.register("vehicleType")}
        />
        <TextField
          label={t`Year`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          placeholder="2019"
          error={fieldError("year")}
          {...form.register("year", { setValueAs: yearFromText })}
        />
        <TextField
          label={t`Make`}
          maxLength={40}
          placeholder="Honda"
          error={fieldError("make")}
          {...form.register("make")}
        />
        <TextField
          label={t`Model`}
          maxLength={40}
          placeholder="CR-V"
          error={fieldError("model")}
          {...form.register("model")}
        />
        <TextField
          label={t`Color`}
          maxLength={30}
          placeholder={t`Silver`}
          error={fieldError("color")}
          {...form.register("color")}
        />
        <TextField
          label={t`Plate`}
          maxLength={15}
          autoCapitalize="characters"
          autoComplete="off"
          placeholder="ABC-1234"
          error={fieldError("plate")}
          {...form.register("plate")}
        />
        <div className="sm:col-span-2">
          <TextField
            label={t`Nickname`}
            maxLength={40}
            placeholder={t`Family car`}
            hint={t`What you call it, if that helps tell your vehicles apart.`}
            error={fieldError("nickname")}
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
          <Trans>Cancel</Trans>
        </button>
        <SubmitButton
          busy={isSubmitting}
          busyLabel={vehicle ? t`Saving…` : t`Adding…`}
          disabled={vehicle !== null && !isDirty}
          title={vehicle !== null && !isDirty ? t`Change something to enable` : undefined}
          className={buttonClass()}
        >
          {vehicle ? t`Save changes` : t`Add vehicle`}
        </SubmitButton>
      </div>
    </ClientForm>
  );
}
