import { data } from "react-router";
import type { Route } from "./+types/service-sticker";
import { BackButton } from "~/components/ui/back-button";
import { buttonClass } from "~/components/ui/button";
import { nextDueText } from "~/features/follow-ups/service-record-text";
import { WindshieldSticker } from "~/features/follow-ups/windshield-sticker";
import { requirePage } from "~/features/users/page-access.server";
import { foundOr404 } from "~/lib/loader-response";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requirePage(args, "/dashboard/sticker/:bookingId");
  const record = await foundOr404(args.context.services.serviceRecords.forBooking(actor, args.params.bookingId));
  // A visit with no oil change recorded has no sticker to print.
  if (!record) throw data(null, { status: 404 });
  return { record, siteName: args.context.site.name };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Windshield sticker | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

/** The windshield sticker of a visit's oil change, to print on a 2 × 2 in label: only the label prints. */
export default function ServiceStickerPage({ loaderData }: Route.ComponentProps) {
  const { record } = loaderData;
  return (
    <>
      <div className="print:hidden">
        <BackButton />
        <h1 className="mt-3 text-3xl font-bold text-slate-900">Windshield sticker</h1>
        <p className="mt-1 max-w-2xl text-slate-700">
          {record.vehicle}
          {record.plate && ` · ${record.plate}`}: next oil change due {nextDueText(record)}. Load a 2 × 2 in (50 × 50
          mm) label; only the label prints.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" onClick={() => window.print()} className={buttonClass({ size: "lg" })}>
            Print
          </button>
        </div>
      </div>
      <div className="mt-8 print:mt-0">
        <WindshieldSticker record={record} />
      </div>
    </>
  );
}
