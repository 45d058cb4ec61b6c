import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { PlanCard } from "~/features/plans/plan-card";
import { otherServices, popularPackages } from "~/features/plans/plan-catalogue";
import { formatPrice } from "~/lib/money";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { pageMeta } from "~/lib/page-meta";
import { ClassPriceTable } from "~/components/class-price-table";
import { vehiclesByClass } from "~/features/pricing/class-vehicles";
import { CONFIRMED_AT_SHOP } from "~/features/pricing/pricing.schema";
import { AddOnPriceTable, SingleServiceCards } from "~/features/pricing/price-list";

export async function loader({ context }: Route.LoaderArgs) {
  // Newest first, so the newest of each tier is always within the page.
  const { plans, pricing } = context.services;
  const [{ items }, classes, singles, addOns] = await Promise.all([
    plans.listPackages({ limit: PLAN_LIST_MAX_LIMIT, offset: 0 }),
    pricing.sizeClasses(),
    pricing.listServicePrices(),
    pricing.listAddOns(),
  ]);
  return {
    popular: popularPackages(items),
    services: otherServices(items),
    singles,
    addOns,
    classNames: classes.classes.map((c) => c.name),
    vehicles: vehiclesByClass(classes),
  };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Pricing & Packages",
    description:
      "Hand car wash, detailing and oil change prices. Compare our Economy, Standard and Premium packages and book a slot online.",
  });

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { popular, services, singles, addOns, classNames, vehicles } = loaderData;
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-16 text-center text-white">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">Our Services</h1>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">
          Every car washed by hand, every price up front. Pick a package or a single service and book the time that
          suits you.
        </p>
        <Link
          to="/contact"
          className="mt-8 inline-block rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500"
        >
          BOOK NOW
        </Link>
      </section>

      <section aria-labelledby="popular-heading" className="mx-auto max-w-6xl px-4 py-14">
        <h2 id="popular-heading" className="text-3xl font-bold text-slate-900">
          Popular Packages
        </h2>
        {popular.length === 0 ? (
          <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
            No popular packages found. Make sure each package's packageType is economy, standard (or standards) or
            premium.
          </p>
        ) : (
          <div className="mt-8 grid gap-6 md:grid-cols-3">
            {popular.map(({ tier, label, plan }) => (
              <PlanCard key={tier} plan={plan} label={label} highlighted={tier === "standard"} vehicles={vehicles} />
            ))}
          </div>
        )}
        <p className="mt-6 text-slate-700">
          Prices and times depend on the size of your vehicle. Something else, like a camper or a classic? Choose Other
          when you book: its price is {CONFIRMED_AT_SHOP}.
        </p>
      </section>

      <section aria-labelledby="services-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="services-heading" className="text-3xl font-bold text-slate-900">
            Other Services
          </h2>
          {services.length === 0 && singles.length === 0 ? (
            <p className="mt-6 rounded-lg bg-amber-50 p-4 text-amber-900">
              No other services found. Make sure the packageType of single services is services.
            </p>
          ) : (
            <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <SingleServiceCards services={singles} vehicles={vehicles} />
              {services.map((plan) => (
                <li key={plan.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-5">
                  <h3 className="font-bold text-slate-900">{plan.name}</h3>
                  <p className="mt-1 text-slate-600">
                    From <span className="text-lg font-bold text-slate-900">{formatPrice(plan.price)}</span>
                  </p>
                  <ClassPriceTable
                    prices={plan.prices}
                    vehicles={vehicles}
                    caption={`${plan.name}: price by vehicle size`}
                    className="mt-2"
                  />
                  {plan.features.length > 0 && (
                    <p className="mt-2 flex-1 text-sm text-slate-600">{plan.features.join(" · ")}</p>
                  )}
                  <Link
                    to={`/packages/${plan.id}`}
                    aria-label={`Book A Slot: ${plan.name}`}
                    className="mt-4 self-start font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
                  >
                    Book A Slot
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {addOns.length > 0 && (
            <>
              <h2 id="add-ons-heading" className="mt-14 text-3xl font-bold text-slate-900">
                Add-ons
              </h2>
              <p className="mt-2 text-slate-700">Extras you can add to a visit when you book, by vehicle size.</p>
              <AddOnPriceTable addOns={addOns} classNames={classNames} />
            </>
          )}
        </div>
      </section>
    </main>
  );
}
