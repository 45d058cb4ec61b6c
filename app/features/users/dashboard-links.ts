import { DEVICES_PATH, SECURITY_PATH, SECURITY_SETTINGS_PATH } from "~/features/security/security.schema";
import type { Role } from "~/lib/access";
import { pathInLocale, type Locale } from "~/lib/i18n/locale";
import { allows, PAGES, type PagePath } from "~/lib/permissions";

export interface DashboardLink {
  to: string;
  label: string;
}

/** A link to one of the shop's pages: shown only to a role the permission table lets open it. */
interface ShopLink extends DashboardLink {
  to: PagePath;
}

/** The dashboard's home: an admin's desk (today's board and queue), a member's next visit. */
export const DASHBOARD_HOME = "/dashboard";

const SHOP_LINKS: ShopLink[] = [
  // The desk first: the page the manager comes back to all day.
  { to: DASHBOARD_HOME, label: "Today" },
  { to: "/dashboard/manageBooking/today", label: "Bookings by Day" },
  { to: "/dashboard/manageBooking", label: "Manage Bookings" },
  { to: "/dashboard/service-due", label: "Service Due" },
  { to: "/dashboard/cash-up", label: "Cash-up" },
  { to: "/dashboard/reports", label: "Reports" },
  { to: "/dashboard/customers", label: "Customers" },
  { to: "/dashboard/addplan", label: "Add Packages" },
  { to: "/dashboard/manageplans", label: "Manage Plans" },
  { to: "/dashboard/prices", label: "Prices" },
  { to: "/dashboard/club", label: "Wash Club" },
  { to: "/dashboard/addhotel", label: "Add Hotel" },
  { to: "/dashboard/hotels", label: "Hotels" },
  { to: "/dashboard/booking-settings", label: "Booking Settings" },
  { to: "/dashboard/reviews", label: "Reviews" },
  { to: "/dashboard/allUsers", label: "All Users" },
  { to: "/dashboard/team", label: "Team" },
  { to: "/dashboard/outbox", label: "Outbox" },
  { to: "/dashboard/backups", label: "Backups" },
  { to: SECURITY_SETTINGS_PATH, label: "Security Settings" },
  { to: "/dashboard/activity", label: "Activity" },
];
const MY_BOOKINGS: DashboardLink = { to: "/dashboard/my-bookings", label: "My Bookings" };
const MY_VEHICLES: DashboardLink = { to: "/dashboard/my-vehicles", label: "My Vehicles" };
/** Which of the shop's own e-mails the account's address gets; the unsubscribe page links here too. */
export const EMAIL_CHOICES_PATH = "/dashboard/email-choices";
const EMAIL_CHOICES: DashboardLink = { to: EMAIL_CHOICES_PATH, label: "E-mails from us" };
/** Every signed-in account's own security: two-factor sign-in and signed-in devices (decision 050). */
const SECURITY: DashboardLink = { to: SECURITY_PATH, label: "Two-factor sign-in" };
const DEVICES: DashboardLink = { to: DEVICES_PATH, label: "Signed-in devices" };
const MEMBER_HOME: DashboardLink = { to: DASHBOARD_HOME, label: "Dashboard" };
/**
 * Every signed-in sidebar's way back to the site's home page (specification §2: "The sidebar also
 * has a Home link"), set apart after the dashboard's own links by the layout.
 */
export const SITE_HOME: DashboardLink = { to: "/", label: "Home" };

/**
 * The member's pages with a Spanish twin under /es/dashboard (app/routes.ts, decision 059); the
 * other dashboard pages (the shop's, and every account's sign-in security) are English only.
 */
export const MEMBER_PAGES_IN_SPANISH: readonly string[] = [
  DASHBOARD_HOME,
  MY_BOOKINGS.to,
  MY_VEHICLES.to,
  EMAIL_CHOICES_PATH,
];

/** A dashboard link on a page in `locale`: its twin in that language where it has one, else as it is. */
export function dashboardPathIn(locale: Locale, to: string): string {
  return to === SITE_HOME.to || MEMBER_PAGES_IN_SPANISH.includes(to) ? pathInLocale(to, locale) : to;
}

/**
 * The sidebar's dashboard pages by role, decided from the server's session and the permission
 * table (the specification showed admin links to all: docs/specification-quirks.md §12). Its first
 * link is the dashboard's home (the team's desk, "Today"); "Home" is the site's (SITE_HOME).
 */
export function dashboardLinks(role: Role): DashboardLink[] {
  // The team book too: their own bookings, vehicles and e-mails sit after the shop's screens.
  const own = [MY_BOOKINGS, MY_VEHICLES, EMAIL_CHOICES, SECURITY, DEVICES];
  if (role === "member") return [MEMBER_HOME, ...own];
  return [...SHOP_LINKS.filter((link) => allows(role, PAGES[link.to])), ...own];
}
