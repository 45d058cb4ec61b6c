import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Award, Car, Clock, Phone, ShieldCheck, Users } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/about";
import { PageHero } from "~/components/page-hero";
import { SectionHeading } from "~/components/section-heading";
import { LocationMap } from "~/features/site/location-map";
import { OpeningHoursList } from "~/features/site/opening-hours-list";
import { BUSINESS_FACTS, telHref } from "~/lib/site-config";
import { useSite } from "~/lib/use-site";
import { pageMeta } from "~/lib/page-meta";
import { useLocalePath } from "~/lib/i18n/use-locale";

const { founded, technicians, carsServiced, rating } = BUSINESS_FACTS;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg`About Us`,
    description: msg`Family-run since ${founded}: ${technicians} technicians, ${carsServiced} cars washed and a ${rating} rating. Meet the team behind the hand wash.`,
    path: "/about",
  });

const STATS = [
  { value: BUSINESS_FACTS.years, label: msg`Years in business` },
  { value: BUSINESS_FACTS.carsServiced, label: msg`Cars cared for` },
  { value: String(BUSINESS_FACTS.rating), label: msg`Average rating` },
  { value: BUSINESS_FACTS.services, label: msg`Services a year` },
];

const VALUES = [
  {
    icon: ShieldCheck,
    title: msg`By hand, never brushes`,
    text: msg`Two-bucket washing, clean microfiber for every car, pH-neutral products. Your paint leaves the way it came in, only cleaner.`,
  },
  {
    icon: Users,
    title: msg`A team of ${technicians}`,
    text: msg`Trained detailers and certified lube technicians, most of whom have been with us for years.`,
  },
  {
    icon: Clock,
    title: msg`On time, every time`,
    text: msg`Book a slot and we start when we said we would. Oil changes are done while you wait.`,
  },
  {
    icon: Award,
    title: msg`Prices up front`,
    text: msg`Every package and service is priced on our website. If we spot something extra, we ask before we touch it.`,
  },
];

export default function AboutPage() {
  const site = useSite();
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <main>
      <PageHero eyebrow={t`About us`} title={t`The people behind ${site.name}`}>
        <p>
          <Trans>
            A neighborhood hand car wash and quick-lube shop, washing cars the slow, careful way since {founded}.
          </Trans>
        </p>
      </PageHero>

      <section aria-labelledby="story-heading" className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2">
        <div>
          <SectionHeading id="story-heading" eyebrow={t`Our story`} title={t`Started with one bay and a bucket`} />
          <div className="mt-4 space-y-4 text-lg text-slate-700">
            <p>
              <Trans>
                We opened in {founded} with a single bay, two buckets and a promise: no automatic brushes would ever
                touch a customer's car. Drivers who cared about their paint found us, told their friends, and kept
                coming back.
              </Trans>
            </p>
            <p>
              <Trans>
                Today a team of {technicians} technicians runs hand washing, detailing and a quick-lube bay side by
                side, so you can have the oil changed while the car is washed. The promise has not changed.
              </Trans>
            </p>
          </div>
        </div>
        <section aria-labelledby="glance-heading" className="rounded-3xl bg-brand-900 p-8 text-white">
          <h2 id="glance-heading" className="text-2xl font-bold">
            <Trans>At a glance</Trans>
          </h2>
          <dl className="mt-6 grid grid-cols-2 gap-6">
            <div>
              <dt className="text-sm text-brand-100">
                <Trans>Founded</Trans>
              </dt>
              <dd className="text-4xl font-extrabold text-accent-400">{BUSINESS_FACTS.founded}</dd>
            </div>
            <div>
              <dt className="text-sm text-brand-100">
                <Trans>Technicians</Trans>
              </dt>
              <dd className="text-4xl font-extrabold text-accent-400">{BUSINESS_FACTS.technicians}</dd>
            </div>
            {STATS.map((s) => (
              <div key={s.label.id}>
                <dt className="text-sm text-brand-100">{t(s.label)}</dt>
                <dd className="text-4xl font-extrabold text-accent-400">{s.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      </section>

      <section aria-labelledby="what-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="what-heading" eyebrow={t`What we do`} title={t`Care you can see`}>
            <Trans>
              Hand washing, interior deep cleaning, waxing, full details and oil changes, done by people who like cars.
            </Trans>
          </SectionHeading>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map(({ icon: Icon, title, text }) => (
              <li key={title.id} className="rounded-2xl border border-slate-200 bg-white p-6">
                <Icon aria-hidden className="size-10 rounded-xl bg-brand-50 p-2 text-brand-700" />
                <h3 className="mt-4 text-lg font-bold text-slate-900">{t(title)}</h3>
                <p className="mt-2 text-slate-700">{t(text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="visit-heading" className="mx-auto grid max-w-6xl gap-10 px-4 py-14 lg:grid-cols-2">
        <div>
          <SectionHeading id="visit-heading" eyebrow={t`Visit us`} title={t`Come and see us`} />
          <address className="mt-4 text-lg text-slate-700 not-italic">
            {site.address}
            <br />
            <a href={telHref(site.phone)} className="font-semibold text-brand-700 underline underline-offset-4">
              {site.phone}
            </a>
          </address>
          <h3 className="mt-6 font-bold text-slate-900">
            <Trans>Opening hours</Trans>
          </h3>
          <OpeningHoursList className="mt-2 text-slate-700" />
          <Link
            to={localePath("/location")}
            className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4"
          >
            <Trans>Directions and parking</Trans>
          </Link>
        </div>
        <LocationMap />
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-900 px-4 py-14 text-center text-white">
        <Car aria-hidden className="mx-auto size-12 text-accent-400" />
        <h2 id="cta-heading" className="mt-3 text-3xl font-bold">
          <Trans>Ready for a cleaner car?</Trans>
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-brand-100">
          <Trans>Pick a time that suits you. Most washes are done within the hour.</Trans>
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link
            to={localePath("/contact")}
            className="rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500"
          >
            <Trans>Book A Slot</Trans>
          </Link>
          <a
            href={telHref(site.phone)}
            className="inline-flex items-center gap-2 rounded-md border border-white/60 px-6 py-3 font-bold hover:bg-white/10"
          >
            <Phone aria-hidden className="size-5" />
            <Trans>Call us</Trans>
          </a>
        </div>
      </section>
    </main>
  );
}
