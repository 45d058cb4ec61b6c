import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type Path } from "react-hook-form";
import { z } from "zod";
import { DialogActions } from "~/components/ui/dialog-actions";
import { TextAreaField, TextField } from "~/components/ui/form-field";
import { useApiAction } from "~/components/ui/use-api-action";
import { useModalDialog } from "~/components/ui/use-modal-dialog";
import { ApiError, apiFetch } from "~/lib/api-client";
import { SERVICE_TYPES } from "~/features/bookings/bookings.schema";
import { ClassPriceFields } from "./class-price-fields";
import { cellsText, classCellsForm, requiredNumber } from "./class-price-form";
import { addOnInputSchema, type AddOn, type SizeClasses } from "./pricing.schema";

/** A package an add-on may go with, by name. */
export interface PackageChoice {
  id: string;
  name: string;
}

/** What the dialog edits: an add-on, or a new one (null while closed). */
export type AddOnEditing = { kind: "new" } | { kind: "edit"; addOn: AddOn };

const fields = addOnInputSchema.shape;
const formSchema = z.object({
  name: fields.name,
  description: fields.description.unwrap(),
  price: requiredNumber.pipe(fields.price),
  minutes: requiredNumber.pipe(fields.minutes),
  classPrices: classCellsForm,
  serviceTypes: z.array(z.enum(SERVICE_TYPES)),
  planIds: z.array(z.string()),
  includedPlanIds: z.array(z.string()),
  active: z.boolean(),
});
type FormValues = z.input<typeof formSchema>;

const asText = (addOn: AddOn | null): FormValues => ({
  name: addOn?.name ?? "",
  description: addOn?.description ?? "",
  price: addOn ? addOn.price.toFixed(2) : "",
  minutes: addOn ? String(addOn.minutes) : "",
  classPrices: cellsText(addOn?.classPrices),
  serviceTypes: addOn?.serviceTypes ?? [],
  planIds: addOn?.planIds ?? [],
  includedPlanIds: addOn?.includedPlanIds ?? [],
  active: addOn?.active ?? true,
});

/** Adds an add-on (POST /api/add-ons) or edits one (PATCH /api/add-ons/{id}); refusals show inside the dialog. */
export function AddOnDialog({
  editing,
  classes,
  packages,
  onClose,
}: {
  editing: AddOnEditing | null;
  classes: SizeClasses;
  packages: PackageChoice[];
  onClose(): void;
}) {
  const ref = useModalDialog(editing !== null);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="add-on-title"
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(36rem,calc(100%-2rem))] rounded-xl p-6 shadow-2xl backdrop:bg-slate-900/60"
    >
      {editing && (
        <AddOnForm
          key={editing.kind === "edit" ? editing.addOn._id : "new"}
          addOn={editing.kind === "edit" ? editing.addOn : null}
          classes={classes}
          packages={packages}
          onClose={onClose}
        />
      )}
    </dialog>
  );
}

function AddOnForm({
  addOn,
  classes,
  packages,
  onClose,
}: {
  addOn: AddOn | null;
  classes: SizeClasses;
  packages: PackageChoice[];
  onClose(): void;
}) {
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: asText(addOn),
    mode: "onTouched",
  });
  const { errors } = form.formState;
  const { busy, error, run } = useApiAction({ fallback: "The add-on could not be saved." });
  const [price, minutes] = useWatch({ control: form.control, name: ["price", "minutes"] });

  const save = form.handleSubmit(async (values) => {
    await run(async () => {
      try {
        if (addOn) await apiFetch(`/api/add-ons/${addOn._id}`, { method: "PATCH", json: values });
        else await apiFetch("/api/add-ons", { method: "POST", json: values });
      } catch (thrown) {
        if (thrown instanceof ApiError && thrown.fields) {
          for (const [field, message] of Object.entries(thrown.fields))
            form.setError(field as Path<FormValues>, { message });
        }
        throw thrown;
      }
      onClose();
      return addOn
        ? { title: "Saved", description: `${values.name} updated.` }
        : { title: "Added", description: `${values.name} is offered on the booking forms.` };
    });
  });

  return (
    <form onSubmit={save} noValidate>
      <h2 id="add-on-title" className="text-lg font-bold text-slate-900">
        {addOn ? `Edit ${addOn.name}` : "Add an add-on"}
      </h2>
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      )}
      <div className="mt-4 grid gap-4">
        <TextField label="Name" maxLength={60} error={errors.name?.message} {...form.register("name")} />
        <TextAreaField
          label="Description (optional)"
          rows={2}
          maxLength={300}
          error={errors.description?.message}
          {...form.register("description")}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Price (USD)"
            inputMode="decimal"
            placeholder="30.00"
            error={errors.price?.message}
            {...form.register("price")}
          />
          <TextField
            label="Minutes it adds"
            inputMode="numeric"
            placeholder="20"
            error={errors.minutes?.message}
            {...form.register("minutes")}
          />
        </div>
        <ClassPriceFields
          classes={classes}
          base={{ price: price ?? "", minutes: minutes ?? "" }}
          cell={(id, key) => form.register(`classPrices.${id}.${key}`)}
          errorOf={(id, key) => errors.classPrices?.[id]?.[key]?.message}
        />
        <fieldset>
          <legend className="text-sm font-semibold text-slate-800">Goes with</legend>
          <p className="mt-1 text-sm text-slate-600">None ticked, and no package: every visit.</p>
          <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {SERVICE_TYPES.map((service) => (
              <label key={service} className="flex min-h-11 items-center gap-2 text-slate-800">
                <input type="checkbox" value={service} className="size-5" {...form.register("serviceTypes")} />
                {service}
              </label>
            ))}
          </div>
        </fieldset>
        {packages.length > 0 && (
          <details className="rounded-md border border-slate-200 px-3 py-2" open={(addOn?.planIds.length ?? 0) > 0}>
            <summary className="cursor-pointer text-sm font-semibold text-slate-800">Packages too (optional)</summary>
            <div className="mt-2 grid gap-y-1 sm:grid-cols-2 sm:gap-x-4">
              {packages.map((p) => (
                <label key={p.id} className="flex min-h-11 items-center gap-2 text-slate-800">
                  <input type="checkbox" value={p.id} className="size-5" {...form.register("planIds")} />
                  {p.name}
                </label>
              ))}
            </div>
          </details>
        )}
        {packages.length > 0 && (
          <details
            className="rounded-md border border-slate-200 px-3 py-2"
            open={(addOn?.includedPlanIds.length ?? 0) > 0}
          >
            <summary className="cursor-pointer text-sm font-semibold text-slate-800">
              Already included in (never sold with these packages)
            </summary>
            <div className="mt-2 grid gap-y-1 sm:grid-cols-2 sm:gap-x-4">
              {packages.map((p) => (
                <label key={p.id} className="flex min-h-11 items-center gap-2 text-slate-800">
                  <input type="checkbox" value={p.id} className="size-5" {...form.register("includedPlanIds")} />
                  {p.name}
                </label>
              ))}
            </div>
          </details>
        )}
        <label className="flex min-h-11 items-center gap-2 font-semibold text-slate-800">
          <input type="checkbox" className="size-5" {...form.register("active")} />
          Active: offered on the booking forms
        </label>
      </div>
      <DialogActions
        actionLabel={addOn ? "Save" : "Add add-on"}
        busyLabel="Saving…"
        busy={busy}
        onClose={onClose}
        onAction={() => void save()}
      />
    </form>
  );
}
