import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { SectionHeading } from "~/components/section-heading";
import { BeforeAfterSlider } from "~/features/gallery/before-after-slider";
import { GALLERY_PAIRS } from "~/features/gallery/gallery-pairs";
import { PlanCard } from "~/features/plans/plan-card";
import { popularPackages } from "~/features/plans/plan-catalogue";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { PromoCard } from "~/features/promos/promo-card";
import { shownReviews } from "~/features/reviews/shown-reviews";
import { ServiceList } from "~/features/offerings/service-list";
import { serviceSummaries } from "~/features/offerings/service-summaries";
import { HERO_FIRST_IMAGE, HeroCarousel } from "~/features/site/hero-carousel";
import { pageMeta } from "~/lib/page-meta";
import { useLocalePath } from "~/lib/i18n/use-locale";

/**
 * Below the fold, with no handler of their own: the reviews, the ways to book (its form already
 * loads after the page) and the hotel partners. The server writes them into the page as before;
 * their code is asked for once this module has run, after the page's first JavaScript, which
 * stays under its budget (docs/benchmarks/006-javascript-budget.md), and each is hydrated when it
 * arrives. The promo keeps its place in the first load: its Copy button must answer at once.
 */
const reviewCard = import("~/features/reviews/review-card");
const bookingSection = import("~/features/bookings/request/booking-form-section");
const hotelCard = import("~/features/hotels/hotel-card");
const ReviewCard = lazy(() => reviewCard.then((m) => ({ default: m.ReviewCard })));
const BookingFormSection = lazy(() => bookingSection.then((m) => ({ default: m.BookingFormSection })));
const HotelGrid = lazy(() => hotelCard.then((m) => ({ default: m.HotelGrid })));

/** The home page shows the 6 newest hotels (specification: docs/specification-quirks.md §6). */
const HOME_HOTELS = 6;
const HOME_REVIEWS = 3;
const TIER_LABELS = { economy: msg`Economy`, standard: msg`Standard`, premium: msg`Premium` } as const;

export async function loader({ context }: Route.LoaderArgs) {
  const [packages, hotels, servicePrices, published] = await Promise.all([
    context.services.plans.listPackages({ limit: PLAN_LIST_MAX_LIMIT, offset: 0 }),
    context.services.plans.listHotels({ limit: HOME_HOTELS, offset: 0 }),
    context.services.pricing.listServicePrices(),
    context.services.reviews.listPublished({ limit: HOME_REVIEWS, offset: 0 }),
  ]);
  return {
    siteName: context.site.name,
    services: serviceSummaries(packages.items, servicePrices),
    popular: popularPackages(packages.items),
    hotels: hotels.items,
    // The newest published reviews; the specification's samples only while there are none.
    reviews: shownReviews(published.reviews, HOME_REVIEWS).items,
  };
}

/**
 * On a navigation to this page, it shows once those cards' code is here as well as its data, so
 * no section shows empty for a moment (nor a restored scroll position falls short). When the page
 * is first loaded the server's data is used, and this does not run.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const [data] = await Promise.all([serverLoader(), reviewCard, bookingSection, hotelCard]);
  return data;
}

/** The hero's first image is the page's largest paint: fetch it alongside the stylesheet. */
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: HERO_FIRST_IMAGE, fetchPriority: "high" },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg`Hand Car Wash, Detailing & Quick Lube`,
    description: msg`Hand car wash, interior deep clean, express wax, full detail and oil change while you wait. See our prices and book a slot.`,
  });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { siteName, services, popular, hotels, reviews } = loaderData;
  const { t } = useLingui();
  const localePath = useLocalePath();
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 pt-12 pb-10 text-white lg:pt-16 lg:pb-14">
        <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">{siteName}</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              <Trans>Hand car wash & quick lube, done right.</Trans>
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              <Trans>
                Every car washed by hand, oil changed while you wait. No brushes, no scratches, no surprises on the
                bill.
              </Trans>
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to={localePath("/contact")}
                className="rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500"
              >
                <Trans>Book Now</Trans>
              </Link>
              <Link
                to={localePath("/pricing")}
                className="rounded-md border border-white/60 px-6 py-3 font-bold text-white hover:bg-white/10"
              >
                <Trans>See prices</Trans>
              </Link>
            </div>
          </div>
          <HeroCarousel />
        </div>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading id="services-heading" eyebrow={t`What we do`} title={t`Our services`}>
          <Trans>From a quick hand wash to a full detail and an oil change, all under one roof.</Trans>
        </SectionHeading>
        <ServiceList services={services} />
      </section>

      <section aria-labelledby="packages-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="packages-heading" eyebrow={t`Best value`} title={t`Popular packages`} />
          {popular.length === 0 ? (
            <p className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-700">
              <Trans>No popular packages found</Trans>
            </p>
          ) : (
            <div className="mt-8 grid gap-6 md:grid-cols-3">
              {popular.map(({ tier, plan }) => (
                <PlanCard key={tier} plan={plan} label={t(TIER_LABELS[tier])} highlighted={tier === "standard"} />
              ))}
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="gallery-heading" className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading id="gallery-heading" eyebrow={t`Before & after`} title={t`See the difference`}>
          <Trans>Drag the divider, or focus it and use the arrow keys, to compare.</Trans>
        </SectionHeading>
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          {GALLERY_PAIRS.map((pair) => (
            <BeforeAfterSlider key={pair.before.src} pair={pair} />
          ))}
        </div>
      </section>

      <section aria-labelledby="reviews-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="reviews-heading" eyebrow={t`Reviews`} title={t`What our customers say`} />
          <Suspense>
            <ul className="mt-8 grid gap-6 md:grid-cols-3">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          </Suspense>
          <Link
            to={localePath("/reviews")}
            className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            <Trans>Read all reviews</Trans>
          </Link>
        </div>
      </section>

      <PromoCard />

      <div className="mx-auto max-w-6xl px-4 pb-14">
        <Suspense>
          <BookingFormSection />
        </Suspense>
        {/* The specification's route table: /booking is linked from the home page. */}
        <p className="mt-4 text-center">
          <Link to={localePath("/booking")} className="font-semibold text-brand-700 underline underline-offset-4">
            <Trans>How booking works</Trans>
          </Link>
        </p>
      </div>

      <section aria-labelledby="hotels-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="hotels-heading" eyebrow={t`Partners`} title={t`Our Trusted Hotel Partners`}>
            <Trans>Staying nearby? Our partner hotels can arrange a wash or detail during your stay.</Trans>
          </SectionHeading>
          <Suspense>
            <HotelGrid hotels={hotels} />
          </Suspense>
          <Link
            to={localePath("/hotels")}
            className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            <Trans>View more</Trans>
          </Link>
        </div>
      </section>
    </main>
  );
}
