import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import type { Route } from "./+types/add-hotel";
import { SelectField, TextAreaField, TextField } from "~/components/ui/form-field";
import { useToast } from "~/components/ui/toast";
import { addHotelFormSchema, PRICE_INDICATORS } from "~/features/plans/plans.schema";
import { uploadWithProgress } from "~/features/uploads/upload-with-progress";
import { requireAdminPage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { ClientForm, SubmitButton } from "~/components/ui/client-form";
import { useApiSubmit } from "~/components/ui/use-api-submit";

export async function loader(args: Route.LoaderArgs) {
  await requireAdminPage(args);
  return { siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Add hotel | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const INDICATOR_OPTIONS = PRICE_INDICATORS.map((value) => ({ value, label: value }));
type FormInput = z.input<typeof addHotelFormSchema>;
type Upload = { state: "idle" } | { state: "uploading"; progress: number } | { state: "done"; url: string };

export default function AddHotelPage() {
  const toast = useToast();
  const [upload, setUpload] = useState<Upload>({ state: "idle" });
  const [fileInputKey, setFileInputKey] = useState(0);
  const form = useForm<FormInput, unknown, z.output<typeof addHotelFormSchema>>({
    resolver: zodResolver(addHotelFormSchema),
    mode: "onTouched",
    defaultValues: {
      hotelName: "",
      hotelDescription: "",
      rating: "",
      priceIndicator: "" as FormInput["priceIndicator"],
    },
  });
  const { errors, isSubmitting } = form.formState;

  async function chooseImage(file: File | undefined) {
    if (!file) return;
    setUpload({ state: "uploading", progress: 0 });
    try {
      const url = await uploadWithProgress(file, (progress) => setUpload({ state: "uploading", progress }));
      setUpload({ state: "done", url });
    } catch (error) {
      setUpload({ state: "idle" });
      setFileInputKey((k) => k + 1);
      void toast({
        title: "Upload failed",
        // The specification's words, then the server's reason when it gave one.
        description: ["Image upload failed. Try again.", error instanceof Error ? error.message : ""]
          .filter((text, i, all) => text && all.indexOf(text) === i)
          .join(" "),
        tone: "error",
      });
    }
  }

  const onSubmit = useApiSubmit(form, {
    failure: "Something went wrong",
    submit: async (values) => {
      const result = await apiFetch<{ acknowledged?: boolean; insertedId?: string }>("/api/plans", {
        method: "POST",
        json: {
          field: "hotel",
          ...values,
          image: upload.state === "done" ? upload.url : null,
        },
      });
      if (!result?.acknowledged && !result?.insertedId) {
        void toast({ title: "Save failed", description: "Could not save to database.", tone: "error" });
        return;
      }
      void toast({ title: "Added Hotel!", description: "You added a new hotel info", tone: "success" });
      form.reset();
      setUpload({ state: "idle" });
      setFileInputKey((k) => k + 1);
    },
  });

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Add a new hotel</h1>
      <p className="mt-1 text-slate-700">Partner hotels appear first on the hotels page and the home page.</p>
      <ClientForm
        onSubmit={onSubmit}
        className="mt-6 max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6"
      >
        <div>
          <label htmlFor="hotel-image" className="block text-sm font-semibold text-slate-800">
            Hotel photo
          </label>
          <input
            key={fileInputKey}
            id="hotel-image"
            type="file"
            accept="image/jpeg,image/png"
            aria-describedby="hotel-image-hint"
            onChange={(event) => chooseImage(event.target.files?.[0])}
            className="mt-1 block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-semibold file:text-white"
          />
          <p id="hotel-image-hint" className="mt-1 text-sm text-slate-600">
            JPEG or PNG, up to 50 MB. It is resized and its location data removed.
          </p>
          {upload.state === "uploading" && (
            <div className="mt-2">
              <label htmlFor="hotel-upload-progress" className="text-sm text-slate-700">
                Uploading… {Math.round(upload.progress * 100)}%
              </label>
              <progress id="hotel-upload-progress" max={1} value={upload.progress} className="mt-1 block h-2 w-full" />
            </div>
          )}
          {upload.state === "done" && (
            <img
              src={upload.url}
              alt="Preview of the uploaded hotel photo"
              width={320}
              height={200}
              className="mt-3 h-40 w-64 rounded-lg object-cover"
            />
          )}
        </div>
        <TextField label="Hotel Name*" error={errors.hotelName?.message} {...form.register("hotelName")} />
        <TextAreaField
          label="About Hotel*"
          error={errors.hotelDescription?.message}
          {...form.register("hotelDescription")}
        />
        <TextField
          label="Rating*"
          inputMode="decimal"
          placeholder="4.5"
          error={errors.rating?.message}
          {...form.register("rating")}
        />
        <SelectField
          label="Price Indicator*"
          placeholder="Choose"
          options={INDICATOR_OPTIONS}
          error={errors.priceIndicator?.message}
          {...form.register("priceIndicator")}
        />
        <SubmitButton
          busy={isSubmitting}
          busyLabel="Saving…"
          disabled={upload.state === "uploading"}
          className="rounded-md bg-brand-700 px-5 py-2.5 font-bold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          Add Hotel Info
        </SubmitButton>
      </ClientForm>
    </>
  );
}
