import { type RouteConfig, type RouteConfigEntry, index, layout, route } from "@react-router/dev/routes";

/**
 * The customer's pages, once per language: English at the root, their Spanish twins under /es
 * (decision 056). A twin is the same module under an id of its own ("es/" + the English route's id,
 * app/lib/i18n/route-id.ts); the language comes from the path (app/lib/i18n/locale.ts).
 */
function customerPages(language: "en" | "es"): RouteConfigEntry[] {
  const es = language === "es";
  const at = (path: string) => (es ? `es/${path}` : path);
  const id = (file: string) => (es ? { id: `es/${file.replace(/\.tsx?$/, "")}` } : {});
  const page = (path: string, file: string) => route(at(path), file, id(file));
  return [
    layout("routes/auth/auth-layout.tsx", id("routes/auth/auth-layout.tsx"), [
      page("login", "routes/auth/login.tsx"),
      page("signup", "routes/auth/signup.tsx"),
      page("forgot-password", "routes/auth/forgot-password.tsx"),
      page("reset-password", "routes/auth/reset-password.tsx"),
    ]),
    layout("routes/site-layout.tsx", id("routes/site-layout.tsx"), [
      es ? route("es", "routes/home.tsx", id("routes/home.tsx")) : index("routes/home.tsx"),
      // Paths match case-insensitively, so /About is this page too (its canonical URL is /about).
      page("about", "routes/about.tsx"),
      page("pricing", "routes/pricing.tsx"),
      page("contact", "routes/contact.tsx"),
      page("booking", "routes/booking.tsx"),
      page("booking/manage/:token", "routes/manage-link.tsx"),
      // Its POST (RFC 8058's one click, and the page's own buttons) is server/unsubscribe.ts.
      page("unsubscribe/:token", "routes/unsubscribe.tsx"),
      page("review/:token", "routes/review-link.tsx"),
      // Opening either changes nothing: their buttons call the API (POST /api/waitlist/…).
      page("waitlist/offer/:token", "routes/waitlist-offer.tsx"),
      page("waitlist/leave/:token", "routes/waitlist-leave.tsx"),
      // A staff member's invitation: staff pages are English only.
      ...(es ? [] : [route("invite/:token", "routes/invite.tsx")]),
      page("location", "routes/location.tsx"),
      page("reviews", "routes/reviews.tsx"),
      page("hotels", "routes/hotels.tsx"),
      page("services/:slug", "routes/service-page.tsx"),
      page("packages/:id", "routes/package-detail.tsx"),
      page("*", "routes/not-found.tsx"),
    ]),
  ];
}

/**
 * A member's own pages (My Bookings, My Vehicles, e-mail choices, the home with their data and club
 * cards) in Spanish, under the dashboard layout's twin: the staff's pages have none (decision 059),
 * so /es/dashboard/<staff page> is the Spanish site's not-found page.
 */
const memberPagesInSpanish = route(
  "es/dashboard",
  "routes/dashboard/dashboard-layout.tsx",
  { id: "es/routes/dashboard/dashboard-layout" },
  [
    index("routes/dashboard/dashboard-home.tsx", { id: "es/routes/dashboard/dashboard-home" }),
    ...(["my-bookings", "my-vehicles", "email-choices"] as const).map((page) =>
      route(page, `routes/dashboard/${page}.tsx`, { id: `es/routes/dashboard/${page}` }),
    ),
  ],
);

export default [
  // Served by the app itself, outside the page layout.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  memberPagesInSpanish,
  ...customerPages("es"),
  route("dashboard", "routes/dashboard/dashboard-layout.tsx", [
    index("routes/dashboard/dashboard-home.tsx"),
    route("my-bookings", "routes/dashboard/my-bookings.tsx"),
    route("my-vehicles", "routes/dashboard/my-vehicles.tsx"),
    route("email-choices", "routes/dashboard/email-choices.tsx"),
    route("security", "routes/dashboard/security.tsx"),
    route("devices", "routes/dashboard/devices.tsx"),
    route("security-settings", "routes/dashboard/security-settings.tsx"),
    route("allUsers", "routes/dashboard/all-users.tsx"),
    route("team", "routes/dashboard/team.tsx"),
    route("outbox", "routes/dashboard/outbox.tsx"),
    route("addplan", "routes/dashboard/add-plan.tsx"),
    route("manageplans", "routes/dashboard/manage-plans.tsx"),
    route("update-product/:id", "routes/dashboard/update-plan.tsx"),
    route("prices", "routes/dashboard/prices.tsx"),
    route("addhotel", "routes/dashboard/add-hotel.tsx"),
    route("hotels", "routes/dashboard/manage-hotels.tsx"),
    route("hotels/:id/edit", "routes/dashboard/edit-hotel.tsx"),
    route("manageBooking", "routes/dashboard/manage-bookings.tsx"),
    route("manageBooking/today", "routes/dashboard/bookings-today.tsx"),
    route("manageBooking/new", "routes/dashboard/new-booking.tsx"),
    route("booking-settings", "routes/dashboard/booking-settings.tsx"),
    route("backups", "routes/dashboard/backups.tsx"),
    route("reviews", "routes/dashboard/reviews.tsx"),
    route("service-due", "routes/dashboard/service-due.tsx"),
    route("reports", "routes/dashboard/reports.tsx"),
    route("customers", "routes/dashboard/customers.tsx"),
    route("customers/:id", "routes/dashboard/customer.tsx"),
    route("activity", "routes/dashboard/activity.tsx"),
    route("sticker/:bookingId", "routes/dashboard/service-sticker.tsx"),
    route("receipt/:bookingId", "routes/dashboard/receipt.tsx"),
    route("cash-up", "routes/dashboard/cash-up.tsx"),
    route("club", "routes/dashboard/club.tsx"),
  ]),
  ...customerPages("en"),
] satisfies RouteConfig;
