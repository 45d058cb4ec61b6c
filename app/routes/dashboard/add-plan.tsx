import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import type { Route } from "./+types/add-plan";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import {
  addPlanFormSchema,
  namedService,
  PACKAGE_SERVICE_OPTIONS,
  PACKAGE_TYPE_LABELS,
  splitFeatures,
} from "~/features/plans/plans.schema";
import { useFeaturesHint } from "~/features/plans/use-features-hint";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { LengthField } from "~/features/plans/length-field";
import { DEFAULT_LENGTH } from "~/lib/service-length";
import { buttonClass } from "~/components/ui/button";
import { ClassPriceFields } from "~/features/pricing/class-price-fields";
import { cellsText, classCellsForm } from "~/features/pricing/class-price-form";

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/addplan");
  return { siteName: args.context.site.name, classes: await args.context.services.pricing.sizeClasses() };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Add Packages | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const TYPE_OPTIONS = (["economy", "standard", "premium", "services"] as const).map((value) => ({
  value,
  label: PACKAGE_TYPE_LABELS[value],
}));

/** Add Packages with the package's price and length per size class. */
const formSchema = addPlanFormSchema.extend({ classPrices: classCellsForm });
type FormValues = z.input<typeof formSchema>;

export default function AddPlanPage({ loaderData }: Route.ComponentProps) {
  const { classes } = loaderData;
  const toast = useToast();
  const form = useForm<FormValues, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    mode: "onTouched",
    defaultValues: {
      name: "",
      packagetype: "" as FormValues["packagetype"],
      serviceType: "" as FormValues["serviceType"],
      price: "",
      minutes: String(DEFAULT_LENGTH),
      features: "",
      classPrices: cellsText(undefined),
    },
  });
  const { errors, isSubmitting } = form.formState;
  const featuresHint = useFeaturesHint(form.control);
  const [basePrice, baseMinutes] = useWatch({ control: form.control, name: ["price", "minutes"] });

  const onSubmit = useApiSubmit(form, {
    failure: "Failed",
    submit: async (values) => {
      const result = await apiFetch<{ insertedId?: string; acknowledged?: boolean }>("/api/plans", {
        method: "POST",
        json: { ...values, features: splitFeatures(values.features) },
      });
      if (!result?.insertedId && !result?.acknowledged) {
        void toast({ title: "Failed", description: "Unexpected response from server.", tone: "error" });
        return;
      }
      void toast({ title: "Added!", description: `${values.name} is now on the pricing page.`, tone: "success" });
      form.reset();
    },
  });

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Add Packages</h1>
      <p className="mt-1 text-slate-700">New packages show on the pricing and home pages straight away.</p>
      <ClientForm
        onSubmit={onSubmit}
        className="mt-6 max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      >
        <TextField
          label="Package name"
          error={errors.name?.message}
          {...form.register("name", {
            // The service the name says is suggested until one is chosen.
            onBlur: (event) => {
              const said = namedService(String(event.target.value));
              if (said && !form.getValues("serviceType")) form.setValue("serviceType", said);
            },
          })}
        />
        <SelectField
          label="Package type"
          placeholder="Choose a type"
          options={TYPE_OPTIONS}
          error={errors.packagetype?.message}
          {...form.register("packagetype")}
        />
        <SelectField
          label="Service"
          placeholder="Choose the service"
          options={PACKAGE_SERVICE_OPTIONS}
          error={errors.serviceType?.message}
          {...form.register("serviceType")}
        />
        <TextField
          label="Price (USD)"
          inputMode="decimal"
          placeholder="49.99"
          error={errors.price?.message}
          {...form.register("price")}
        />
        <LengthField error={errors.minutes?.message} {...form.register("minutes")} />
        <ClassPriceFields
          classes={classes}
          base={{ price: String(basePrice ?? ""), minutes: String(baseMinutes ?? "") }}
          cell={(id, key) => form.register(`classPrices.${id}.${key}`)}
          errorOf={(id, key) => errors.classPrices?.[id]?.[key]?.message}
        />
        <TextAreaField
          label="Features"
          hint={featuresHint}
          error={errors.features?.message}
          {...form.register("features")}
        />
        <SubmitButton busy={isSubmitting} busyLabel="Adding…" className={buttonClass({ size: "lg" })}>
          Add package
        </SubmitButton>
      </ClientForm>
    </>
  );
}
