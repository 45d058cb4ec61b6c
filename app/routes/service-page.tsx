import { Check, Clock } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/service-page";
import { PageHero } from "~/components/page-hero";
import { formatPrice } from "~/lib/money";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { findServicePage } from "~/features/offerings/service-pages";
import { matchingPackages } from "~/features/offerings/service-catalogue";
import { pageMeta } from "~/lib/page-meta";

export async function loader({ params, context }: Route.LoaderArgs) {
  const service = findServicePage(params.slug?.toLowerCase());
  if (!service) throw data(null, { status: 404 });
  const { items } = await context.services.plans.listPackages({ limit: PLAN_LIST_MAX_LIMIT, offset: 0 });
  const plans = matchingPackages(service, items).map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    duration: p.duration,
  }));
  // The RegExp stays on the server; the page gets plain copy.
  const { matches: _matches, ...copy } = service;
  return { service: copy, plans };
}

export const meta: Route.MetaFunction = (args) =>
  args.loaderData
    ? pageMeta(args, {
        title: args.loaderData.plans[0]
          ? `${args.loaderData.service.name} from ${formatPrice(args.loaderData.plans[0].price)}`
          : args.loaderData.service.name,
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
  const { service, plans } = loaderData;
  const cheapest = plans[0];
  return (
    <main>
      <PageHero eyebrow="Services" title={service.name} image={service.image}>
        <p>{service.intro}</p>
        <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-3">
          {cheapest ? (
            <p className="text-2xl font-extrabold text-white">From {formatPrice(cheapest.price)}</p>
          ) : (
            <p className="font-semibold text-white">Ask us for a quote</p>
          )}
          <p className="inline-flex items-center gap-2 text-brand-100">
            <Clock aria-hidden className="size-5" />
            {service.duration}
          </p>
          <Link
            to={cheapest ? `/packages/${cheapest.id}` : "/contact"}
            className="rounded-md bg-accent-400 px-6 py-3 text-base font-bold text-slate-900 hover:bg-accent-500"
          >
            Book {service.name}
          </Link>
        </div>
      </PageHero>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-[1.4fr_1fr]">
        <section aria-labelledby="included-heading">
          <h2 id="included-heading" className="text-2xl font-bold text-slate-900">
            What's included
          </h2>
          <ul className="mt-5 space-y-3 text-lg text-slate-700">
            {service.included.map((item) => (
              <li key={item} className="flex gap-3">
                <Check aria-hidden className="mt-1 size-5 shrink-0 text-green-700" />
                {item}
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-2xl font-bold text-slate-900">Good to know</h2>
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
              Prices
            </h2>
            {plans.length === 0 ? (
              <p className="mt-3 text-slate-700">Call or message us for a price for your car.</p>
            ) : (
              <ul className="mt-4 divide-y divide-slate-200">
                {plans.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-4 py-3">
                    <span>
                      <span className="block font-semibold text-slate-900">{p.name}</span>
                      {p.duration && <span className="text-sm text-slate-600">{p.duration}</span>}
                    </span>
                    <span className="text-right">
                      <span className="block font-bold text-slate-900">{formatPrice(p.price)}</span>
                      <Link
                        to={`/packages/${p.id}`}
                        aria-label={`Book ${p.name}`}
                        className="text-sm font-semibold text-brand-700 underline underline-offset-4"
                      >
                        Book
                      </Link>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="goodfor-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="goodfor-heading" className="text-xl font-bold text-slate-900">
              Ideal for
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
