import type { Role } from "~/lib/access";

export interface DashboardLink {
  to: string;
  label: string;
}

const ADMIN_LINKS: DashboardLink[] = [
  { to: "/dashboard/addplan", label: "Add Packages" },
  { to: "/dashboard/manageplans", label: "Manage Plans" },
  { to: "/dashboard/addhotel", label: "Add Hotel" },
  { to: "/dashboard/hotels", label: "Hotels" },
  { to: "/dashboard/manageBooking", label: "Manage Bookings" },
  { to: "/dashboard/manageBooking/today", label: "Today's Bookings" },
  { to: "/dashboard/booking-settings", label: "Booking Settings" },
  { to: "/dashboard/allUsers", label: "All Users" },
  { to: "/dashboard/outbox", label: "Outbox" },
];
const MY_BOOKINGS: DashboardLink = { to: "/dashboard/my-bookings", label: "My Bookings" };
const HOME: DashboardLink = { to: "/", label: "Home" };

/** The sidebar by role, decided from the server's session (the specification showed admin links to all: docs/specification-quirks.md §12). */
export function dashboardLinks(role: Role): DashboardLink[] {
  // Admins book too: their own bookings sit after the admin screens.
  return [...(role === "admin" ? [...ADMIN_LINKS, MY_BOOKINGS] : [MY_BOOKINGS]), HOME];
}
