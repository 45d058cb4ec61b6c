import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  // Served by the app itself, outside the page layout.
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  layout("routes/auth/auth-layout.tsx", [
    route("login", "routes/auth/login.tsx"),
    route("signup", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
  ]),
  route("dashboard", "routes/dashboard/dashboard-layout.tsx", [
    index("routes/dashboard/dashboard-home.tsx"),
    route("my-bookings", "routes/dashboard/my-bookings.tsx"),
    route("my-vehicles", "routes/dashboard/my-vehicles.tsx"),
    route("email-choices", "routes/dashboard/email-choices.tsx"),
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
  ]),
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx"),
    // Paths match case-insensitively, so /About is this page too (its canonical URL is /about).
    route("about", "routes/about.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("contact", "routes/contact.tsx"),
    route("booking", "routes/booking.tsx"),
    route("booking/manage/:token", "routes/manage-link.tsx"),
    // Its POST (RFC 8058's one click, and the page's own buttons) is server/unsubscribe.ts.
    route("unsubscribe/:token", "routes/unsubscribe.tsx"),
    route("review/:token", "routes/review-link.tsx"),
    // Opening either changes nothing: their buttons call the API (POST /api/waitlist/…).
    route("waitlist/offer/:token", "routes/waitlist-offer.tsx"),
    route("waitlist/leave/:token", "routes/waitlist-leave.tsx"),
    // Opening it changes nothing: its button calls POST /api/invitations/{token}/accept.
    route("invite/:token", "routes/invite.tsx"),
    route("location", "routes/location.tsx"),
    route("reviews", "routes/reviews.tsx"),
    route("hotels", "routes/hotels.tsx"),
    route("services/:slug", "routes/service-page.tsx"),
    route("packages/:id", "routes/package-detail.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
