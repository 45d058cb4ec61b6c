import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
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
    title: msg`Our Trusted Hotel Partners`,
    description: msg`Hotels near our car wash where guests can arrange a hand wash or full detail during their stay.`,
  });

export default function HotelsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  return (
    <main>
      <PageHero eyebrow={t`Partners`} title={t`Our Trusted Hotel Partners`}>
        <p>
          <Trans>
            Staying nearby? Ask at the front desk of any partner hotel and we'll wash or detail your car while you
            relax.
          </Trans>
        </p>
      </PageHero>
      <section aria-labelledby="partners-heading" className="mx-auto max-w-6xl px-4 pt-6 pb-14">
        <h2 id="partners-heading" className="sr-only">
          <Trans>Partner hotels</Trans>
        </h2>
        <HotelGrid hotels={loaderData.hotels} />
      </section>
    </main>
  );
}
