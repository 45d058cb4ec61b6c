import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { buttonClass } from "~/components/ui/button";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useToast } from "~/components/ui/toast";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { apiFetch } from "~/lib/api-client";
import { SERVICE_TYPES } from "~/features/bookings/bookings.schema";
import { CellInput } from "./class-price-fields";
import {
  cellsText,
  classCellsForm,
  classDefaults,
  LARGER_CLASSES,
  requiredNumber,
  sameClassPrices,
} from "./class-price-form";
import { servicePriceInputSchema, type ServicePrice, type SizeClasses } from "./pricing.schema";

const formSchema = z.object({
  services: z.array(
    z.object({
      serviceType: z.enum(SERVICE_TYPES),
      price: requiredNumber.pipe(servicePriceInputSchema.shape.price),
      minutes: requiredNumber.pipe(servicePriceInputSchema.shape.minutes),
      classPrices: classCellsForm,
    }),
  ),
});
type FormValues = z.input<typeof formSchema>;
type Row = z.output<typeof formSchema>["services"][number];

const asText = (services: ServicePrice[]): FormValues => ({
  services: services.map((s) => ({
    serviceType: s.serviceType,
    price: s.price.toFixed(2),
    minutes: String(s.minutes),
    classPrices: cellsText(s.classPrices),
  })),
});

const unchanged = (row: Row, loaded: ServicePrice | undefined) =>
  !!loaded &&
  Math.round(row.price * 100) === Math.round(loaded.price * 100) &&
  row.minutes === loaded.minutes &&
  sameClassPrices(row.classPrices, loaded.classPrices);

const cell = "px-1.5 py-2 align-top";

/**
 * The six single services' prices and lengths (a service booked without a package), as one table:
 * the base, and the larger sizes' cells (empty: the size's default, shown in grey). Saving sends
 * each changed service (PUT /api/service-prices/{serviceType}).
 */
export function ServicePricesForm({ services, classes }: { services: ServicePrice[]; classes: SizeClasses }) {
  const toast = useToast();
  const revalidator = useRevalidator();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: asText(services),
    mode: "onTouched",
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const rows = useWatch({ control: form.control, name: "services" });
  const names = Object.fromEntries(classes.classes.map((c) => [c.id, c.name]));

  const onSubmit = useApiSubmit(form, {
    failure: "Update failed",
    submit: async (values) => {
      const changed = values.services.filter(
        (row) =>
          !unchanged(
            row,
            services.find((s) => s.serviceType === row.serviceType),
          ),
      );
      const saved: ServicePrice[] = [];
      for (const { serviceType, ...input } of changed) {
        saved.push(
          await apiFetch<ServicePrice>(`/api/service-prices/${encodeURIComponent(serviceType)}`, {
            method: "PUT",
            json: input,
          }),
        );
      }
      form.reset(asText(services.map((s) => saved.find((row) => row.serviceType === s.serviceType) ?? s)));
      void toast({
        title: "Saved",
        description: changed.length
          ? `New prices for ${changed.map((row) => row.serviceType).join(", ")}.`
          : "Nothing had changed.",
        tone: "success",
      });
      await revalidator.revalidate();
    },
  });

  return (
    <ClientForm
      onSubmit={onSubmit}
      aria-labelledby="services-heading"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="services-heading" className="text-lg font-bold text-slate-900">
        Single services
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-slate-700">
        What a service costs and how long it takes when booked without a package. Leave a size&apos;s cell empty for its
        default, shown in grey.
      </p>
      <div className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[40rem] text-left text-sm">
          <caption className="sr-only">Single services: price and minutes by vehicle size</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" rowSpan={2} className="px-3 py-2 align-bottom">
                Service
              </th>
              {classes.classes.map((c) => (
                <th key={c.id} scope="colgroup" colSpan={2} className="border-l border-slate-200 px-2 pt-2 text-center">
                  {c.name}
                  {c.id === classes.classes[0]!.id && <span className="font-normal"> (base)</span>}
                </th>
              ))}
            </tr>
            <tr>
              {classes.classes.map((c) => (
                <SubHeadings key={c.id} />
              ))}
            </tr>
          </thead>
          <tbody>
            {services.map((service, i) => {
              const rowErrors = errors.services?.[i];
              const defaults = classDefaults(classes, {
                price: rows?.[i]?.price ?? "",
                minutes: rows?.[i]?.minutes ?? "",
              });
              const name = service.serviceType;
              return (
                <tr key={name} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-3 align-top font-semibold whitespace-nowrap text-slate-900">
                    {name}
                  </th>
                  <td className={`${cell} border-l border-slate-200`}>
                    <CellInput
                      kind="price"
                      label={`${name}: base price`}
                      error={rowErrors?.price?.message}
                      {...form.register(`services.${i}.price`)}
                    />
                  </td>
                  <td className={cell}>
                    <CellInput
                      kind="minutes"
                      label={`${name}: base minutes`}
                      error={rowErrors?.minutes?.message}
                      {...form.register(`services.${i}.minutes`)}
                    />
                  </td>
                  {LARGER_CLASSES.map((id) => (
                    <SizeCells
                      key={id}
                      label={`${name}: ${names[id]}`}
                      placeholder={defaults[id]}
                      errors={rowErrors?.classPrices?.[id]}
                      price={form.register(`services.${i}.classPrices.${id}.price`)}
                      minutes={form.register(`services.${i}.classPrices.${id}.minutes`)}
                    />
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <SubmitButton busy={isSubmitting} busyLabel="Saving…" disabled={!isDirty} className={`mt-5 ${buttonClass()}`}>
        Save service prices
      </SubmitButton>
    </ClientForm>
  );
}

function SubHeadings() {
  return (
    <>
      <th scope="col" className="border-l border-slate-200 px-2 pb-2 text-right font-normal">
        Price ($)
      </th>
      <th scope="col" className="px-2 pb-2 text-right font-normal">
        Minutes
      </th>
    </>
  );
}

function SizeCells({
  label,
  placeholder,
  errors,
  price,
  minutes,
}: {
  label: string;
  placeholder: { price: number; minutes: number } | null;
  errors?: { price?: { message?: string }; minutes?: { message?: string } };
  price: UseFormRegisterReturn;
  minutes: UseFormRegisterReturn;
}) {
  return (
    <>
      <td className={`${cell} border-l border-slate-200`}>
        <CellInput
          {...price}
          kind="price"
          label={`${label} price`}
          placeholder={placeholder?.price.toFixed(2)}
          error={errors?.price?.message}
        />
      </td>
      <td className={cell}>
        <CellInput
          {...minutes}
          kind="minutes"
          label={`${label} minutes`}
          placeholder={placeholder ? String(placeholder.minutes) : undefined}
          error={errors?.minutes?.message}
        />
      </td>
    </>
  );
}
