import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { useLocalePath } from "~/lib/i18n/use-locale";
import type { Route } from "./+types/pricing";
import { PlanCard } from "~/features/plans/plan-card";
import { otherServices, popularPackages } from "~/features/plans/plan-catalogue";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { pageMeta } from "~/lib/page-meta";
import { vehiclesByClass } from "~/features/pricing/class-vehicles";
import { ClubPlanCards } from "~/features/club/club-plan-cards";
import { AddOnPriceTable, ServiceCard, SingleServiceCards } from "~/features/pricing/price-list";

export async function loader({ context }: Route.LoaderArgs) {
  // Newest first, so the newest of each tier is always within the page.
  const { plans, pricing, club } = context.services;
  const [{ items }, classes, singles, addOns, clubPlans] = await Promise.all([
    plans.listPackages({ limit: PLAN_LIST_MAX_LIMIT, offset: 0 }),
    pricing.sizeClasses(),
    pricing.listServicePrices(),
    pricing.listAddOns(),
    club.plans.onSale(),
  ]);
  return {
    popular: popularPackages(items),
    services: otherServices(items),
    singles,
    addOns,
    classNames: classes.classes.map((c) => c.name),
    vehicles: vehiclesByClass(classes),
    clubPlans,
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg`Pricing & Packages`,
    description: msg`Hand car wash, detailing and oil change prices. Compare our Economy, Standard and Premium packages and book a slot online.`,
  });

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { popular, services, singles, addOns, classNames, vehicles, clubPlans } = loaderData;
  const { t } = useLingui();
  const localePath = useLocalePath();
  const tierLabels = { economy: t`Economy`, standard: t`Standard`, premium: t`Premium` };
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-16 text-center text-white">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
          <Trans>Our Services</Trans>
        </h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          <Trans>
            Every car washed by hand, every price up front. Pick a package or a single service and book the time that
            suits you.
          </Trans>
        </p>
        <Link
          to={localePath("/contact")}
          className="mt-8 inline-block rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500"
        >
          <Trans>BOOK NOW</Trans>
        </Link>
      </section>

      <section aria-labelledby="popular-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="popular-heading" className="text-3xl font-bold text-slate-900">
          <Trans>Popular Packages</Trans>
        </h2>
        {popular.length === 0 ? (
          <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
            <Trans>
              No popular packages found. Make sure each package's packageType is economy, standard (or standards) or
              premium.
            </Trans>
          </p>
        ) : (
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {popular.map(({ tier, plan }) => (
              <PlanCard
                key={tier}
                plan={plan}
                label={tierLabels[tier]}
                highlighted={tier === "standard"}
                vehicles={vehicles}
              />
            ))}
          </div>
        )}
        <p className="mt-6 text-slate-700">
          <Trans>
            Prices and times depend on the size of your vehicle. Something else, like a camper or a classic? Choose
            Other when you book: its price is confirmed at the shop.
          </Trans>
        </p>
      </section>

      <section aria-labelledby="services-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="services-heading" className="text-3xl font-bold text-slate-900">
            <Trans>Other Services</Trans>
          </h2>
          {services.length === 0 && singles.length === 0 ? (
            <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
              <Trans>No other services found. Make sure the packageType of single services is services.</Trans>
            </p>
          ) : (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <SingleServiceCards services={singles} vehicles={vehicles} />
              {services.map((plan) => (
                <ServiceCard
                  key={plan.id}
                  name={plan.name}
                  price={plan.price}
                  prices={plan.prices}
                  vehicles={vehicles}
                  href={`/packages/${plan.id}`}
                >
                  {plan.features.length > 0 && (
                    <p className="mt-2 text-sm text-slate-600">{plan.features.join(" · ")}</p>
                  )}
                </ServiceCard>
              ))}
            </ul>
          )}
          {addOns.length > 0 && (
            <>
              <h2 id="add-ons-heading" className="mt-14 text-3xl font-bold text-slate-900">
                <Trans>Add-ons</Trans>
              </h2>
              <p className="mt-2 text-slate-700">
                <Trans>Extras you can add to a visit when you book, by vehicle size.</Trans>
              </p>
              <AddOnPriceTable addOns={addOns} classNames={classNames} />
            </>
          )}
        </div>
      </section>

      {clubPlans.length > 0 && (
        <section aria-labelledby="club-heading" className="mx-auto max-w-6xl px-4 py-14">
          <h2 id="club-heading" className="text-3xl font-bold text-slate-900">
            <Trans>Wash Club</Trans>
          </h2>
          <p className="mt-2 text-slate-700">
            <Trans>
              Wash as often as you like, or buy washes ahead for less. Memberships are sold at the counter: ask us on
              your next visit and bring your e-mail address, so you can see your card in your account.
            </Trans>
          </p>
          <ClubPlanCards plans={clubPlans} />
        </section>
      )}
    </main>
  );
}
