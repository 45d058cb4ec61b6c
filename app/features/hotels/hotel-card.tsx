import { Trans } from "@lingui/react/macro";
import { BedDouble } from "lucide-react";
import { StarRating } from "~/components/star-rating";
import type { HotelEntry } from "~/features/plans/plans.schema";
import { cardImageSources } from "~/lib/image-variants";

/** The badge shows the hotel's price indicator, $$$ when it has none (specification: docs/specification-quirks.md §3). */
export const DEFAULT_PRICE_INDICATOR = "$$$";

/** Fallback artwork colours, picked by name so a hotel keeps its colour between visits. */
const FALLBACK_GRADIENTS = [
  "from-brand-700 to-brand-900",
  "from-teal-700 to-teal-900",
  "from-indigo-700 to-indigo-900",
  "from-rose-700 to-rose-900",
  "from-slate-600 to-slate-800",
];

function gradientFor(name: string) {
  const sum = [...name].reduce((acc, ch) => acc + ch.charCodeAt(0), 0);
  return FALLBACK_GRADIENTS[sum % FALLBACK_GRADIENTS.length];
}

export function HotelCard({ hotel }: { hotel: HotelEntry }) {
  const name = hotel.hotelName;
  const indicator = hotel.priceIndicator ?? DEFAULT_PRICE_INDICATOR;
  return (
    <article
      aria-label={name}
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="relative aspect-[3/2]">
        {hotel.image ? (
          <img
            {...cardImageSources(hotel.image)}
            sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw"
            alt={name}
            width={600}
            height={400}
            loading="lazy"
            decoding="async"
            className="size-full object-cover"
          />
        ) : (
          <div
            aria-hidden
            className={`flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br ${gradientFor(name)} text-white`}
          >
            <BedDouble className="size-12 opacity-90" />
            <span className="px-4 text-center text-lg font-bold">{name}</span>
          </div>
        )}
        <span className="absolute top-3 right-3 rounded-full bg-white px-3 py-1 text-sm font-bold text-slate-900 shadow">
          <span className="sr-only">
            <Trans>Price level</Trans>{" "}
          </span>
          {indicator}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="text-lg font-bold text-slate-900">{name}</h3>
        <p className="mt-1 flex items-center gap-2 text-sm text-slate-700">
          {hotel.rating !== null ? (
            <>
              <StarRating rating={hotel.rating} />
              <span aria-hidden>{hotel.rating.toFixed(1)}</span>
            </>
          ) : (
            <Trans>Not rated yet</Trans>
          )}
        </p>
        {hotel.hotelDescription && <p className="mt-3 text-slate-700">{hotel.hotelDescription}</p>}
      </div>
    </article>
  );
}

export function HotelGrid({ hotels }: { hotels: readonly HotelEntry[] }) {
  if (hotels.length === 0)
    return (
      <p className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-700">
        <Trans>No hotel partners yet. Check back soon.</Trans>
      </p>
    );
  return (
    <ul className="mt-8 grid gap-6 md:grid-cols-3">
      {hotels.map((hotel) => (
        <li key={hotel.id}>
          <HotelCard hotel={hotel} />
        </li>
      ))}
    </ul>
  );
}
