import { useNavigate } from "react-router";
import type { Route } from "./+types/edit-hotel";
import { useToast } from "~/components/ui/toast";
import { changedHotelFields, hotelFormDefaults } from "~/features/hotels/hotel-changes";
import { HotelForm } from "~/features/hotels/hotel-form";
import { PhotoUploadField, usePhotoUpload } from "~/features/uploads/photo-upload";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { foundOr404 } from "~/lib/loader-response";
import { buttonClass } from "~/components/ui/button";

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/hotels/:id/edit");
  const hotel = await foundOr404(args.context.services.plans.getHotel(args.params.id));
  return { hotel, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Edit hotel | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

const HOTELS_LIST = "/dashboard/hotels";

export default function EditHotelPage({ loaderData }: Route.ComponentProps) {
  const { hotel } = loaderData;
  const navigate = useNavigate();
  const toast = useToast();
  const photo = usePhotoUpload(hotel.image);

  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Edit {hotel.hotelName}</h1>
      <HotelForm
        defaultValues={hotelFormDefaults(hotel)}
        photoField={
          <PhotoUploadField
            upload={photo}
            label="Hotel photo"
            previewAlt="Preview of the uploaded hotel photo"
            currentAlt="Current hotel photo"
          />
        }
        uploading={photo.uploading}
        submitLabel="Save changes"
        busyLabel="Saving…"
        failure="Something went wrong"
        onSave={async (values) => {
          const changes = changedHotelFields(hotel, { ...values, image: photo.url });
          if (Object.keys(changes).length === 0) {
            void toast({ title: "No changes", description: "You haven’t changed anything.", tone: "info" });
            return;
          }
          await apiFetch(`/api/hotels/${hotel.id}`, { method: "PATCH", json: changes });
          void toast({ title: "Saved", description: `${values.hotelName} was updated.`, tone: "success" });
          await navigate(HOTELS_LIST);
        }}
      >
        <button
          type="button"
          onClick={() => navigate(HOTELS_LIST)}
          className={buttonClass({ variant: "secondary", size: "lg" })}
        >
          Cancel
        </button>
      </HotelForm>
    </>
  );
}
