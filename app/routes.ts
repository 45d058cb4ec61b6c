import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Served by the app itself, outside the page layout.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Paths match case-insensitively, so /About is this page too (its canonical URL is /about).
    route("about", "routes/about.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("contact", "routes/contact.tsx"),
    route("booking", "routes/booking.tsx"),
    route("location", "routes/location.tsx"),
    route("reviews", "routes/reviews.tsx"),
    route("hotels", "routes/hotels.tsx"),
    route("services/:slug", "routes/service-page.tsx"),
    route("packages/:id", "routes/package-detail.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
