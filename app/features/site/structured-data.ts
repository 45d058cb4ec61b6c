import type { PublishedReview, RatingSummary } from "~/features/reviews/reviews.schema";
import { OPENING_HOURS, openingHoursSpecification, type OpeningPeriod } from "~/lib/opening-hours";
import { BUSINESS_FACTS, socialLinks, type SiteConfig } from "~/lib/site-config";

/**
 * Splits a one-line US address ("1250 Harbor Boulevard, Springfield, NY 10001") into the parts
 * schema.org's PostalAddress names; an address in another shape is kept whole as the street.
 */
export function postalAddress(address: string) {
  const match = /^(.+),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(address.trim());
  if (!match) return { "@type": "PostalAddress", streetAddress: address };
  const [, streetAddress, addressLocality, addressRegion, postalCode] = match;
  return { "@type": "PostalAddress", streetAddress, addressLocality, addressRegion, postalCode, addressCountry: "US" };
}

/**
 * schema.org AutoWash (a LocalBusiness) for search engines' business panels. `rating` summarises
 * the published reviews (only what a visitor can check on /reviews); none while there are none.
 */
export function localBusinessJsonLd(
  site: SiteConfig,
  origin: string,
  rating: RatingSummary,
  hours: readonly OpeningPeriod[] = OPENING_HOURS,
) {
  const sameAs = socialLinks(site).map((l) => l.url);
  return {
    "@context": "https://schema.org",
    "@type": "AutoWash",
    "@id": `${origin}/#business`,
    name: site.name,
    url: `${origin}/`,
    image: `${origin}/images/og-card.jpg`,
    logo: `${origin}/favicon.svg`,
    telephone: site.phone,
    priceRange: "$$",
    foundingDate: String(BUSINESS_FACTS.founded),
    address: postalAddress(site.address),
    geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: openingHoursSpecification(hours),
    // Only what the site shows: the reviews on /reviews, not a count nobody can check.
    ...(rating.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/** JSON for a script tag: "<" is escaped so no value can close the tag early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The published reviews a page shows, as schema.org Review items of the business (the same @id). */
export function reviewsJsonLd(origin: string, reviews: readonly PublishedReview[]) {
  return {
    "@context": "https://schema.org",
    "@type": "AutoWash",
    "@id": `${origin}/#business`,
    review: reviews.map((r) => ({
      "@type": "Review",
      author: { "@type": "Person", name: r.authorName },
      ...(r.publishedAt && { datePublished: r.publishedAt.slice(0, 10) }),
      reviewRating: { "@type": "Rating", ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      ...(r.comment && { reviewBody: r.comment }),
    })),
  };
}
