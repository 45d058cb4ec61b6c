import type { Route } from "./+types/hotels";
import { PageHero } from "~/components/page-hero";
import { HotelGrid } from "~/features/hotels/hotel-card";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { pageMeta } from "~/lib/page-meta";

export async function loader({ context }: Route.LoaderArgs) {
  const { items } = await context.services.plans.listHotels({ limit: PLAN_LIST_MAX_LIMIT, offset: 0 });
  return { hotels: items };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Trusted Hotel Partners",
    description: "Hotels near our car wash where guests can arrange a hand wash or full detail during their stay.",
  });

export default function HotelsPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PageHero eyebrow="Partners" title="Our Trusted Hotel Partners">
        <p>
          Staying nearby? Ask at the front desk of any partner hotel and we'll wash or detail your car while you relax.
        </p>
      </PageHero>
      <section aria-labelledby="partners-heading" className="mx-auto max-w-6xl px-4 pt-6 pb-14">
        <h2 id="partners-heading" className="sr-only">
          Partner hotels
        </h2>
        <HotelGrid hotels={loaderData.hotels} />
      </section>
    </main>
  );
}
