import type { Route } from "./+types/prices";
import { AddOnsPanel } from "~/features/pricing/add-ons-panel";
import { ServicePricesForm } from "~/features/pricing/service-prices-form";
import { SizeClassesForm } from "~/features/pricing/size-classes-form";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { requirePage } from "~/features/users/page-access.server";

export async function loader(args: Route.LoaderArgs) {
  await requirePage(args, "/dashboard/prices");
  const { services, site } = args.context;
  const [classes, servicePrices, addOns, packages] = await Promise.all([
    services.pricing.sizeClasses(),
    services.pricing.listServicePrices(),
    services.pricing.listAddOns({ all: true }),
    services.plans.listPackages({ limit: PLAN_LIST_MAX_LIMIT, offset: 0 }),
  ]);
  return {
    classes,
    servicePrices,
    addOns,
    packages: packages.items.map((p) => ({ id: p.id, name: p.name })),
    siteName: site.name,
  };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Prices | ${data?.siteName ?? ""}` },
  { name: "robots", content: "noindex" },
];

export default function PricesPage({ loaderData }: Route.ComponentProps) {
  const { classes, servicePrices, addOns, packages } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold text-slate-900">Prices</h1>
      <p className="mt-1 max-w-3xl text-slate-700">
        What each vehicle size pays and how long it takes, the single services&apos; prices and the add-ons. The site
        and the booking forms follow a save at once; bookings already made keep their prices. Packages have their own
        table under Manage Plans.
      </p>
      {/* min-w-0: a wide table scrolls inside its section instead of widening the page. */}
      <div className="mt-6 grid gap-6 *:min-w-0">
        {/*
          Keyed by the values each form holds, so it starts again from them after its own save, and
          keeps what is typed in it when another form's save (a size renamed) reloads the page's data.
        */}
        <SizeClassesForm key={JSON.stringify(classes)} classes={classes} />
        <ServicePricesForm
          key={JSON.stringify(servicePrices.map(({ prices: _shown, ...held }) => held))}
          services={servicePrices}
          classes={classes}
        />
        <AddOnsPanel addOns={addOns} classes={classes} packages={packages} />
      </div>
    </>
  );
}
