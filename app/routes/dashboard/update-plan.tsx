import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate } from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/update-plan";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { changedPlanFields } from "~/features/plans/plan-changes";
import {
  PACKAGE_SERVICE_OPTIONS,
  PACKAGE_TYPE_LABELS,
  UPDATE_PACKAGE_TYPES,
  updatePlanFormSchema,
} from "~/features/plans/plans.schema";
import { useFeaturesHint } from "~/features/plans/use-features-hint";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { foundOr404 } from "~/lib/loader-response";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { BackButton } from "~/components/ui/back-button";
import { LengthField } from "~/features/plans/length-field";
import { buttonClass } from "~/components/ui/button";
import { ClassPriceFields } from "~/features/pricing/class-price-fields";
import { cellsText, classCellsForm, sameClassPrices } from "~/features/pricing/class-price-form";
import { classPricesToInput } from "~/features/pricing/pricing.schema";

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/update-product/:id");
  const [plan, classes] = await Promise.all([
    foundOr404(args.context.services.plans.getPackage(args.params.id)),
    args.context.services.pricing.sizeClasses(),
  ]);
  return { plan, classes, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Update plan | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const TYPE_OPTIONS = UPDATE_PACKAGE_TYPES.map((value) => ({ value, label: PACKAGE_TYPE_LABELS[value] }));
const SAVED_TOAST_MS = 1200;

/** Update plan with the package's price and length per size class. */
const formSchema = updatePlanFormSchema.extend({ classPrices: classCellsForm });
type FormInput = z.input<typeof formSchema>;

export default function UpdatePlanPage({ loaderData }: Route.ComponentProps) {
  const { plan, classes } = loaderData;
  const loadedTable = classPricesToInput(plan.classPrices);
  const navigate = useNavigate();
  const toast = useToast();
  const loaded = {
    name: plan.name,
    // The form offers the specification's four types: a "standard" plan shows as Standards (docs/specification-quirks.md §5).
    packagetype: plan.packageType === "standard" ? "standards" : plan.packageType,
    serviceType: plan.serviceType,
    price: plan.price,
    duration: plan.duration ?? "",
    minutes: plan.minutes,
    features: plan.features.join("\n"),
  };
  const form = useForm<FormInput, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    mode: "onTouched",
    defaultValues: {
      ...loaded,
      packagetype: loaded.packagetype as FormInput["packagetype"],
      price: loaded.price.toFixed(2),
      minutes: String(loaded.minutes),
      classPrices: cellsText(loadedTable),
    },
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const featuresHint = useFeaturesHint(form.control);
  const [basePrice, baseMinutes] = useWatch({ control: form.control, name: ["price", "minutes"] });

  const onSubmit = useApiSubmit(form, {
    failure: "Update failed",
    // The specification's update form reports the server's reasons in the toast alone.
    fieldMessages: false,
    submit: async ({ classPrices, ...values }) => {
      // The table is sent whole when any cell changed (PATCH replaces it).
      const changes = {
        ...changedPlanFields(loaded, values),
        ...(!sameClassPrices(classPrices, loadedTable) && { classPrices }),
      };
      if (Object.keys(changes).length === 0) {
        void toast({ title: "No changes", description: "You haven’t changed anything.", tone: "info" });
        return;
      }
      await apiFetch(`/api/plans/${plan.id}`, { method: "PATCH", json: changes });
      await toast({
        title: "Saved",
        description: "Plan updated successfully.",
        tone: "success",
        duration: SAVED_TOAST_MS,
      });
      await navigate("/dashboard/manageplans");
    },
  });

  return (
    <>
      <BackButton />
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Update plan</h1>
      <ClientForm
        onSubmit={onSubmit}
        className="mt-6 max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      >
        <TextField label="Package Name" error={errors.name?.message} {...form.register("name")} />
        <SelectField
          label="Package Type"
          options={TYPE_OPTIONS}
          error={errors.packagetype?.message}
          {...form.register("packagetype")}
        />
        <SelectField
          label="Service"
          options={PACKAGE_SERVICE_OPTIONS}
          error={errors.serviceType?.message}
          {...form.register("serviceType")}
        />
        <TextField
          label="Price (USD)"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          error={errors.price?.message}
          {...form.register("price")}
        />
        <TextField
          label="Duration"
          placeholder="e.g. 45 minutes"
          error={errors.duration?.message}
          {...form.register("duration")}
        />
        <LengthField error={errors.minutes?.message} {...form.register("minutes")} />
        <ClassPriceFields
          classes={classes}
          base={{ price: String(basePrice ?? ""), minutes: String(baseMinutes ?? "") }}
          cell={(id, key) => form.register(`classPrices.${id}.${key}`)}
          errorOf={(id, key) => errors.classPrices?.[id]?.[key]?.message}
        />
        <TextAreaField
          label="Package Features"
          hint={featuresHint}
          error={errors.features?.message}
          {...form.register("features")}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => navigate("/dashboard/manageplans")}
            className={buttonClass({ variant: "secondary", size: "lg" })}
          >
            Cancel
          </button>
          <SubmitButton
            busy={isSubmitting}
            busyLabel="Saving…"
            disabled={!isDirty}
            title={isDirty ? undefined : "Change something to enable"}
            aria-describedby={isDirty ? undefined : "save-hint"}
            className={buttonClass({ size: "lg" })}
          >
            Save changes
          </SubmitButton>
          {!isDirty && (
            <span id="save-hint" className="text-sm text-slate-600">
              Change something to enable
            </span>
          )}
        </div>
      </ClientForm>
    </>
  );
}
