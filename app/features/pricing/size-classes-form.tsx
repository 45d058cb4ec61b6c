import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useRevalidator } from "react-router";
import type { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { VEHICLE_TYPES } from "~/features/bookings/bookings.schema";
import { CellInput } from "./class-price-fields";
import { CONFIRMED_AT_SHOP, CONFIRMED_AT_SHOP_TYPE, sizeClassesSchema, type SizeClasses } from "./pricing.schema";

type FormValues = z.input<typeof sizeClassesSchema>;

const cellClass = "px-3 py-2 align-top";

/**
 * The size classes (PUT /api/size-classes): each one's name, the surcharge and extra minutes an
 * empty cell of a price table takes, and which class each vehicle type is priced as.
 */
export function SizeClassesForm({ classes }: { classes: SizeClasses }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<FormValues, unknown, z.output<typeof sizeClassesSchema>>({
    resolver: zodResolver(sizeClassesSchema),
    defaultValues: classes,
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  // The vehicle types' choices follow the names as they are typed.
  const names = useWatch({ control: form.control, name: "classes" });
  const options = classes.classes.map((c, i) => ({ value: c.id, label: names?.[i]?.name || c.name }));

  const onSubmit = useApiSubmit(form, {
    failure: "Update failed",
    submit: async (values) => {
      const saved = await apiFetch<SizeClasses>("/api/size-classes", { method: "PUT", json: values });
      form.reset(saved);
      void toast({ title: "Saved", description: "Vehicle sizes updated: prices follow at once.", tone: "success" });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="sizes-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="sizes-heading" className="text-lg font-bold text-slate-900">
        Vehicle sizes
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        Every vehicle type is priced as one size. The first size pays the base price; a price table&apos;s empty cell
        takes the base plus the size&apos;s surcharge and extra minutes.
      </p>
      <div className="mt-4 grid items-start gap-6 xl:grid-cols-[3fr_2fr]">
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Vehicle sizes</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Surcharge (%)
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  Extra minutes
                </th>
              </tr>
            </thead>
            <tbody>
              {classes.classes.map((c, i) => {
                const rowErrors = errors.classes?.[i];
                return (
                  <tr key={c.id} className="border-t border-slate-200">
                    <td className={cellClass}>
                      <CellInput
                        kind="text"
                        label={`Name of size ${i + 1}`}
                        maxLength={30}
                        error={rowErrors?.name?.message}
                        {...form.register(`classes.${i}.name`)}
                      />
                    </td>
                    {i === 0 ? (
                      <td colSpan={2} className={`${cellClass} text-slate-600`}>
                        The base: the catalogue&apos;s own prices and lengths
                      </td>
                    ) : (
                      <>
                        <td className={cellClass}>
                          <CellInput
                            kind="minutes"
                            label={`${c.name} surcharge (%)`}
                            error={rowErrors?.surchargePercent?.message}
                            {...form.register(`classes.${i}.surchargePercent`, { valueAsNumber: true })}
                          />
                        </td>
                        <td className={cellClass}>
                          <CellInput
                            kind="minutes"
                            label={`${c.name} extra minutes`}
                            error={rowErrors?.extraMinutes?.message}
                            {...form.register(`classes.${i}.extraMinutes`, { valueAsNumber: true })}
                          />
                        </td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
          {errors.classes?.message && (
            <p role="alert" className="px-3 pb-2 text-sm font-medium text-red-700">
              {errors.classes.message}
            </p>
          )}
        </div>
        <div className="relative overflow-x-auto rounded-lg border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">The size each vehicle type is priced as</caption>
            <thead className="bg-slate-100 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Vehicle type
                </th>
                <th scope="col" className="px-3 py-2">
                  Priced as
                </th>
              </tr>
            </thead>
            <tbody>
              {VEHICLE_TYPES.map((type) => (
                <tr key={type} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 font-semibold text-slate-900">
                    {type}
                    {type === CONFIRMED_AT_SHOP_TYPE && (
                      <span className="block text-xs font-normal text-slate-600">Price {CONFIRMED_AT_SHOP}</span>
                    )}
                  </th>
                  <td className="px-3 py-1.5">
                    <select
                      aria-label={`${type} is priced as`}
                      className="block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-base text-slate-900 focus:border-brand-600"
                      {...form.register(`vehicleClass.${type}`)}
                    >
                      {options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save sizes
      </SubmitButton>
    </ClientForm>
  );
}
