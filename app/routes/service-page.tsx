import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, Clock } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/service-page";
import { PageHero } from "~/components/page-hero";
import { formatPrice } from "~/lib/money";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { findServicePage, servicePageIn } from "~/features/offerings/service-pages";
import { loaderI18n } from "~/lib/i18n/catalog.server";
import { catalogueName } from "~/lib/i18n/catalogue-names";
import { localeOfPath } from "~/lib/i18n/locale";
import { useLocalePath } from "~/lib/i18n/use-locale";
import { matchingPackages } from "~/features/offerings/service-catalogue";
import { serviceFromPrice } from "~/features/offerings/service-summaries";
import { vehiclesByClass } from "~/features/pricing/class-vehicles";
import { ClassPriceTable, type ClassPriceRow } from "~/components/class-price-table";
import { pageMeta } from "~/lib/page-meta";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const service = findServicePage(params.slug?.toLowerCase());
  if (!service) throw data(null, { status: 404 });
  const { services } = context;
  const [{ items }, servicePrices, classes, i18n] = await Promise.all([
    services.plans.listPackages({ limit: PLAN_LIST_MAX_LIMIT, offset: 0 }),
    services.pricing.listServicePrices(),
    services.pricing.sizeClasses(),
    loaderI18n(localeOfPath(new URL(request.url).pathname)),
  ]);
  const plans = matchingPackages(service, items).map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    duration: p.duration,
    prices: p.prices,
  }));
  // The service on its own, booked through the booking form with the service chosen.
  const own = servicePrices.find((s) => s.serviceType === service.name) ?? null;
  // The page gets plain copy, in its language.
  return {
    service: { ...servicePageIn(service, i18n), displayName: i18n._(catalogueName(service.name)) },
    plans,
    own,
    fromPrice: serviceFromPrice(service, items, servicePrices),
    vehicles: vehiclesByClass(classes),
  };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title:
          args.loaderData.fromPrice !== null
            ? msg`${args.loaderData.service.displayName} from ${formatPrice(args.loaderData.fromPrice)}`
            : args.loaderData.service.displayName,
        description: metaDescription(args.loaderData.service.intro),
      })
    : [];

/** The intro cut to a search result's snippet (about 160 characters), at a sentence or word boundary. */
function metaDescription(intro: string, max = 160): string {
  if (intro.length <= max) return intro;
  const sentences = intro.match(/[^.!?]+[.!?]+/g) ?? [];
  let text = "";
  for (const sentence of sentences) {
    if ((text + sentence).length > max) break;
    text += sentence;
  }
  if (text.length >= 80) return text.trim();
  return `${intro.slice(0, max - 1).replace(/\s+\S*$/, "")}…`;
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, plans, own, fromPrice, vehicles } = loaderData;
  const { t } = useLingui();
  const localePath = useLocalePath();
  const name = service.displayName;
  const cheapest = plans[0];
  const ownHref = `/booking?service=${encodeURIComponent(service.name)}`;
  // The cheapest way to have it: the service on its own, or the cheapest package that includes it.
  const bookHref =
    own && (!cheapest || own.price <= cheapest.price) ? ownHref : cheapest ? `/packages/${cheapest.id}` : "/contact";
  return (
    <main>
      <PageHero eyebrow={t`Services`} title={name} image={service.image}>
        <p>{service.intro}</p>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
          {fromPrice !== null ? (
            <p className="text-2xl font-extrabold text-white">
              <Trans>From {formatPrice(fromPrice)}</Trans>
            </p>
          ) : (
            <p className="font-semibold text-white">
              <Trans>Ask us for a quote</Trans>
            </p>
          )}
          <p className="inline-flex items-center gap-2 text-brand-100">
            <Clock aria-hidden className="size-5" />
            {service.duration}
          </p>
          <Link
            to={localePath(bookHref)}
            className="rounded-md bg-accent-400 px-6 py-3 text-base font-bold text-slate-900 hover:bg-accent-500"
          >
            <Trans>Book {name}</Trans>
          </Link>
        </div>
      </PageHero>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="included-heading">
          <h2 id="included-heading" className="text-2xl font-bold text-slate-900">
            <Trans>What's included</Trans>
          </h2>
          <ul className="mt-5 space-y-3 text-lg text-slate-700">
            {service.included.map((item) => (
              <li key={item} className="flex gap-3">
                <Check aria-hidden className="mt-1 size-5 shrink-0 text-green-700" />
                {item}
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-2xl font-bold text-slate-900">
            <Trans>Good to know</Trans>
          </h2>
          <dl className="mt-4 space-y-5">
            {service.notes.map((n) => (
              <div key={n.question}>
                <dt className="font-bold text-slate-900">{n.question}</dt>
                <dd className="mt-1 text-slate-700">{n.answer}</dd>
              </div>
            ))}
          </dl>
        </section>
        <aside className="space-y-6">
          <section aria-labelledby="prices-heading" className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <h2 id="prices-heading" className="text-xl font-bold text-slate-900">
              <Trans>Prices</Trans>
            </h2>
            {plans.length === 0 && !own ? (
              <p className="mt-3 text-slate-700">
                <Trans>Call or message us for a price for your car.</Trans>
              </p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200">
                {own && (
                  <PriceEntry name={t`${name} on its own`} href={ownHref} prices={own.prices} vehicles={vehicles} />
                )}
                {plans.map((p) => (
                  <PriceEntry
                    key={p.id}
                    name={p.name}
                    href={`/packages/${p.id}`}
                    prices={p.prices}
                    vehicles={vehicles}
                  />
                ))}
              </ul>
            )}
            <p className="mt-3 text-sm text-slate-600">
              <Trans>Other vehicles: price confirmed at the shop.</Trans>
            </p>
          </section>
          <section aria-labelledby="goodfor-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="goodfor-heading" className="text-xl font-bold text-slate-900">
              <Trans>Ideal for</Trans>
            </h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
              {service.goodFor.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}

/** One way to have the service (on its own, or a package) with its price and length per vehicle size. */
function PriceEntry({
  name,
  href,
  prices,
  vehicles,
}: {
  name: string;
  href: string;
  prices: ClassPriceRow[];
  vehicles: Record<string, string[]>;
}) {
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <li className="py-4">
      <div className="flex items-baseline justify-between gap-4">
        <h3 className="font-semibold text-slate-900">{name}</h3>
        <Link
          to={localePath(href)}
          aria-label={t`Book ${name}`}
          className="text-sm font-semibold text-brand-700 underline underline-offset-4"
        >
          <Trans>Book</Trans>
        </Link>
      </div>
      <ClassPriceTable
        prices={prices}
        vehicles={vehicles}
        caption={t`${name}: price by vehicle size`}
        className="mt-1"
      />
    </li>
  );
}
