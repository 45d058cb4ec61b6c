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

/** schema.org AutoWash (a LocalBusiness) for search engines' business panels. */
/** `rating` summarises the reviews the site shows (only what a visitor can check). */
export function localBusinessJsonLd(
  site: SiteConfig,
  origin: string,
  rating: { average: number; reviewCount: number },
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
    ...(rating.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: rating.average,
            reviewCount: rating.reviewCount,
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

/** Average (one decimal) and count of the reviews the site publishes. */
export function reviewsSummary(reviews: readonly { rating: number }[]) {
  const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
  return { ratingValue: Math.round(average * 10) / 10, reviewCount: reviews.length };
}
