import { BedDouble } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/manage-hotels";
import { StarRating } from "~/components/star-rating";
import { DeleteEntryDialog, EditDeleteActions } from "~/components/ui/edit-delete-actions";
import { DataTable } from "~/components/ui/data-table";
import { Pager } from "~/components/ui/pager";
import { useConfirmedAction } from "~/components/ui/use-confirmed-action";
import type { HotelEntry } from "~/features/plans/plans.schema";
import { requirePage } from "~/features/users/page-access.server";
import { apiFetch } from "~/lib/api-client";
import { cardImageSources } from "~/lib/image-variants";
import { pageFromUrl } from "~/lib/pagination";
import { buttonClass } from "~/components/ui/button";

const PAGE_SIZE = 50;

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/hotels");
  const { page, limit, offset } = pageFromUrl(new URL(args.request.url), PAGE_SIZE);
  const { items, total } = await args.context.services.plans.listHotels({ limit, offset });
  return { items, total, page, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Hotels | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function ManageHotelsPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page } = loaderData;
  const action = useConfirmedAction<HotelEntry>();
  const deleting = action.pending;

  const confirmDelete = () =>
    action.run(async (hotel) => {
      await apiFetch(`/api/plans/${hotel.id}`, { method: "DELETE" });
      return { title: "Deleted!", description: `${hotel.hotelName} was removed from the site.` };
    });

  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Hotels</h1>
          <p className="mt-1 text-slate-700">
            {total === 1 ? "1 partner hotel" : `${total} partner hotels`}, newest first
          </p>
        </div>
        <Link to="/dashboard/addhotel" className={buttonClass()}>
          Add a hotel
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg bg-white p-6 text-slate-700">No hotel partners yet. Add the first one.</p>
      ) : (
        <DataTable caption="Partner hotels, newest first" columns={["Photo", "Name", "Rating", "Price", ""]}>
          {items.map((hotel) => (
            <tr key={hotel.id} className="border-t border-slate-200">
              <td className="px-4 py-3">
                <HotelThumbnail image={hotel.image} />
              </td>
              <th scope="row" className="px-4 py-3 font-semibold text-slate-900">
                {hotel.hotelName}
              </th>
              <td className="px-4 py-3">
                {hotel.rating === null ? (
                  "Not rated yet"
                ) : (
                  <span className="flex items-center gap-2">
                    <StarRating rating={hotel.rating} className="[&_svg]:size-4" />
                    <span aria-hidden>{hotel.rating.toFixed(1)}</span>
                  </span>
                )}
              </td>
              <td className="px-4 py-3">{hotel.priceIndicator ?? "Not set"}</td>
              <td className="px-4 py-3">
                <EditDeleteActions
                  name={hotel.hotelName}
                  editTo={`/dashboard/hotels/${hotel.id}/edit`}
                  onDelete={() => action.ask(hotel)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager page={page} total={total} size={PAGE_SIZE} label="Hotel pages" />
      <DeleteEntryDialog
        name={deleting?.hotelName ?? null}
        description="It disappears from the hotels and home pages at once, and its photo is deleted."
        busy={action.busy}
        onConfirm={confirmDelete}
        onClose={action.cancel}
      />
    </>
  );
}

/** The photo beside the name, which already says whose it is (so no alternative text). */
function HotelThumbnail({ image }: { image: string | null }) {
  const box = "h-12 w-18 rounded-md";
  if (!image)
    return (
      <span className={`${box} flex items-center justify-center bg-slate-100 text-slate-500`}>
        <BedDouble aria-hidden className="size-5" />
        <span className="sr-only">No photo</span>
      </span>
    );
  return (
    <img
      {...cardImageSources(image)}
      sizes="72px"
      alt=""
      width={72}
      height={48}
      loading="lazy"
      decoding="async"
      className={`${box} object-cover`}
    />
  );
}
