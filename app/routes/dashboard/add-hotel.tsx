import type { Route } from "./+types/add-hotel";
import { useToast } from "~/components/ui/toast";
import { EMPTY_HOTEL, HotelForm } from "~/features/hotels/hotel-form";
import { PhotoUploadField, usePhotoUpload } from "~/features/uploads/photo-upload";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/addhotel");
  return { siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Add hotel | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function AddHotelPage() {
  const toast = useToast();
  const photo = usePhotoUpload();

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Add a new hotel</h1>
      <p className="mt-1 text-slate-700">Partner hotels appear first on the hotels page and the home page.</p>
      <HotelForm
        defaultValues={EMPTY_HOTEL}
        photoField={
          <PhotoUploadField upload={photo} label="Hotel photo" previewAlt="Preview of the uploaded hotel photo" />
        }
        uploading={photo.uploading}
        submitLabel="Add Hotel Info"
        busyLabel="Saving…"
        failure="Something went wrong"
        onSave={async (values, form) => {
          const result = await apiFetch<{ acknowledged?: boolean; insertedId?: string }>("/api/plans", {
            method: "POST",
            json: { field: "hotel", ...values, image: photo.url },
          });
          if (!result?.acknowledged && !result?.insertedId) {
            void toast({ title: "Save failed", description: "Could not save to database.", tone: "error" });
            return;
          }
          void toast({ title: "Added Hotel!", description: "You added a new hotel info", tone: "success" });
          form.reset();
          photo.reset();
        }}
      />
    </>
  );
}
