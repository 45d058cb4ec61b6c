import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { Route } from "./+types/package-detail";
import { DeferredBookingForm } from "~/features/bookings/request/deferred-booking-form";
import { PackageAccountNotice } from "~/features/bookings/request/package-account-notice";
import { PlanFeatures } from "~/features/plans/plan-card";
import { formatPrice } from "~/lib/money";
import { telHref } from "~/lib/site-config";
import { foundOr404 } from "~/lib/loader-response";
import { pageMeta } from "~/lib/page-meta";
import { useRootData } from "~/lib/root-data";
import { ClassPriceTable } from "~/components/class-price-table";
import { vehiclesByClass } from "~/features/pricing/class-vehicles";

export async function loader({ params, context }: Route.LoaderArgs) {
  const [plan, classes] = await Promise.all([
    foundOr404(context.services.plans.getPackage(params.id)),
    context.services.pricing.sizeClasses(),
  ]);
  return { plan, site: context.site, vehicles: vehiclesByClass(classes) };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: msg`${args.loaderData.plan.name} – from ${formatPrice(args.loaderData.plan.price)}`,
        description: msg`Book the ${args.loaderData.plan.name} (from ${formatPrice(args.loaderData.plan.price)}) at ${args.loaderData.site.name}: ${args.loaderData.plan.features.slice(0, 3).join(", ")}.`,
      })
    : [];

export default function PackageDetailPage({ loaderData }: Route.ComponentProps) {
  const { plan, site, vehicles } = loaderData;
  const root = useRootData();
  const account = root?.user ?? null;
  const { serviceType } = plan;
  const { t } = useLingui();
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-2">
      {!account && <PackageAccountNotice plan={{ _id: plan.id, serviceType }} />}
      <section aria-labelledby="package-name" className="rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:p-8">
        <p className="text-xs font-bold tracking-widest text-brand-700 uppercase">
          <Trans>Package</Trans>
        </p>
        <h1 id="package-name" className="mt-1 text-3xl font-extrabold text-slate-900">
          {plan.name}
        </h1>
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-lg font-semibold text-slate-600">
            <Trans>From</Trans>
          </span>{" "}
          <span className="text-4xl font-extrabold text-slate-900">{formatPrice(plan.price)}</span>
        </p>
        <h2 className="mt-6 text-lg font-bold text-slate-900">
          <Trans>Price by vehicle size</Trans>
        </h2>
        <ClassPriceTable
          prices={plan.prices}
          vehicles={vehicles}
          caption={t`${plan.name}: price by vehicle size`}
          className="mt-2 max-w-md"
        />
        <p className="mt-2 text-sm text-slate-600">
          <Trans>Other vehicles: price confirmed at the shop.</Trans>
        </p>
        <h2 className="mt-8 text-lg font-bold text-slate-900">
          <Trans>What's included</Trans>
        </h2>
        <PlanFeatures features={plan.features} className="mt-3" />
      </section>
      <section id="book" aria-labelledby="book-heading" className="rounded-2xl border border-slate-200 p-6 sm:p-8">
        <h2 id="book-heading" className="text-2xl font-bold text-slate-900">
          <Trans>Book This Package</Trans>
        </h2>
        <p className="mt-2 text-slate-700">
          <Trans>
            Pick a time and we'll confirm your slot. Prefer to talk? Call{" "}
            <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline">
              {site.phone}
            </a>
            .
          </Trans>
        </p>
        {/* The form (and its validation library) is not waited for: a client-side navigation here
            (from /pricing) used to wait for the form's whole import chain under the "Loading page"
            bar. The page shows with its data; the form is loaded and hydrated once wanted. */}
        <DeferredBookingForm
          className="mt-6"
          variant={{
            kind: "package",
            account,
            plan: { _id: plan.id, name: plan.name, price: plan.price, minutes: plan.minutes, serviceType },
          }}
          today={root?.today ?? ""}
        />
      </section>
    </main>
  );
}
