import { Link } from "react-router";
import type { Route } from "./+types/home";
import { SectionHeading } from "~/components/section-heading";
import { BookingFormSection } from "~/features/bookings/request/booking-form-section";
import { BeforeAfterSlider } from "~/features/gallery/before-after-slider";
import { GALLERY_PAIRS } from "~/features/gallery/gallery-pairs";
import { HotelGrid } from "~/features/hotels/hotel-card";
import { PlanCard } from "~/features/plans/plan-card";
import { popularPackages } from "~/features/plans/plan-catalogue";
import { PLAN_LIST_MAX_LIMIT } from "~/features/plans/plans.schema";
import { PromoCard } from "~/features/promos/promo-card";
import { ReviewCard } from "~/features/reviews/review-card";
import { shownReviews } from "~/features/reviews/shown-reviews";
import { ServiceList } from "~/features/offerings/service-list";
import { serviceSummaries } from "~/features/offerings/service-summaries";
import { HERO_FIRST_IMAGE, HeroCarousel } from "~/features/site/hero-carousel";
import { pageMeta } from "~/lib/page-meta";

/** The home page shows the 6 newest hotels (specification: docs/specification-quirks.md §6). */
const HOME_HOTELS = 6;
const HOME_REVIEWS = 3;

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

/** The hero's first image is the page's largest paint: fetch it alongside the stylesheet. */
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: HERO_FIRST_IMAGE, fetchPriority: "high" },
];

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Hand Car Wash, Detailing & Quick Lube",
    description:
      "Hand car wash, interior deep clean, express wax, full detail and oil change while you wait. See our prices and book a slot.",
  });

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { siteName, services, popular, hotels, reviews } = loaderData;
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 pt-12 pb-10 text-white lg:pt-16 lg:pb-14">
        <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-2">
          <div>
            <p className="text-sm font-bold tracking-widest text-accent-400 uppercase">{siteName}</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              Hand car wash & quick lube, done right.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              Every car washed by hand, oil changed while you wait. No brushes, no scratches, no surprises on the bill.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link
                to="/contact"
                className="rounded-md bg-accent-400 px-6 py-3 font-bold text-slate-900 hover:bg-accent-500"
              >
                Book Now
              </Link>
              <Link
                to="/pricing"
                className="rounded-md border border-white/60 px-6 py-3 font-bold text-white hover:bg-white/10"
              >
                See prices
              </Link>
            </div>
          </div>
          <HeroCarousel />
        </div>
      </section>

      <section aria-labelledby="services-heading" className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading id="services-heading" eyebrow="What we do" title="Our services">
          From a quick hand wash to a full detail and an oil change, all under one roof.
        </SectionHeading>
        <ServiceList services={services} />
      </section>

      <section aria-labelledby="packages-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="packages-heading" eyebrow="Best value" title="Popular packages" />
          {popular.length === 0 ? (
            <p className="mt-6 rounded-lg bg-slate-100 p-4 text-slate-700">No popular packages found</p>
          ) : (
            <div className="mt-8 grid gap-6 md:grid-cols-3">
              {popular.map(({ tier, label, plan }) => (
                <PlanCard key={tier} plan={plan} label={label} highlighted={tier === "standard"} />
              ))}
            </div>
          )}
        </div>
      </section>

      <section aria-labelledby="gallery-heading" className="mx-auto max-w-6xl px-4 py-14">
        <SectionHeading id="gallery-heading" eyebrow="Before & after" title="See the difference">
          Drag the divider, or focus it and use the arrow keys, to compare.
        </SectionHeading>
        <div className="mt-8 grid gap-8 md:grid-cols-2">
          {GALLERY_PAIRS.map((pair) => (
            <BeforeAfterSlider key={pair.title} pair={pair} />
          ))}
        </div>
      </section>

      <section aria-labelledby="reviews-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="reviews-heading" eyebrow="Reviews" title="What our customers say" />
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {reviews.map((review) => (
              <li key={review.id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          <Link
            to="/reviews"
            className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            Read all reviews
          </Link>
        </div>
      </section>

      <PromoCard />

      <div className="mx-auto max-w-6xl px-4 pb-14">
        <BookingFormSection />
        {/* The specification's route table: /booking is linked from the home page. */}
        <p className="mt-4 text-center">
          <Link to="/booking" className="font-semibold text-brand-700 underline underline-offset-4">
            How booking works
          </Link>
        </p>
      </div>

      <section aria-labelledby="hotels-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-6xl px-4">
          <SectionHeading id="hotels-heading" eyebrow="Partners" title="Our Trusted Hotel Partners">
            Staying nearby? Our partner hotels can arrange a wash or detail during your stay.
          </SectionHeading>
          <HotelGrid hotels={hotels} />
          <Link
            to="/hotels"
            className="mt-6 inline-block font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            View more
          </Link>
        </div>
      </section>
    </main>
  );
}
