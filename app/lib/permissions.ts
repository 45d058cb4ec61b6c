import { atLeast, type Role } from "./roles";

/**
 * Who may do what: the one table that decides every API operation and every dashboard page
 * (issue 45, decision 049). A job names the least role that may do it; every role may do what the
 * roles before it may (member < staff < manager < admin). The API's guard, the pages' loaders, the
 * services' own checks, the sidebar and the OpenAPI document all read this file; the access test
 * walks it, and an operation or page without a row here fails it (and the server refuses to start).
 */
export const JOBS = {
  // Staff run the day.
  /** Today's desk and board, bookings (read, search, confirm, move, cancel one), counter bookings, stages, no-show, records and stickers, the day's waitlist. */
  desk: "staff",
  /** A customer's card: name, phone, vehicles, visits and notes (not the list, not exports). */
  customerCard: "staff",
  /** The till: payments on a visit, gift cards sold and looked up, receipts. */
  till: "staff",
  // Managers run the shop.
  /** A counter booking past a slot's capacity. */
  overCapacity: "manager",
  /** Closed dates (and moving their bookings) and the booking rules. */
  bookingSettings: "manager",
  /** Packages, single services, prices, add-ons, size classes, hotels, photos. */
  catalogue: "manager",
  reviews: "manager",
  /** The Service Due list and the follow-up e-mails' settings. */
  serviceDue: "manager",
  outbox: "manager",
  /** Reports, waitlist demand and every CSV export. */
  reports: "manager",
  /** The Wash Club's plans: added, changed, retired. */
  club: "manager",
  /** Money given back from a payment. */
  refunds: "manager",
  /** The day's takings and the drawer's count (cash-up). */
  takings: "manager",
  /** The customer list and its search. */
  customers: "manager",
  activity: "manager",
  calendarFeed: "manager",
  // The owner.
  /** Users and their roles, invitations to the team. */
  users: "admin",
  /** Backups: download, nightly settings, restore. */
  backups: "admin",
  /** A customer's data export and erasure. */
  customerData: "admin",
  /** How long the Activity records are kept, the test clock, sign-in security. */
  security: "admin",
} as const satisfies Record<string, Role>;
export type Job = keyof typeof JOBS;

/** Anyone, a signed-in account of any role (its own data: the service decides further), or a job. */
export type Access = "public" | "signedIn" | Job;

export interface Operation {
  /** The OpenAPI operationId: the name a generated client gives the call. */
  id: string;
  access: Access;
  /**
   * The server's own backup command may call it with X-Backup-Token instead of a session: its
   * handler checks the token, or the job when there is none (so the guard leaves it to the handler).
   */
  backupToken?: true;
}

/**
 * Every API operation, as "METHOD /path" under /api (the OpenAPI document's paths). An operation
 * marked signedIn serves each role its own share (a member their bookings, staff everyone's): the
 * service checks the job for the part beyond a member's own.
 */
export const OPERATIONS = {
  "GET /health": { id: "getHealth", access: "public" },
  "GET /ready": { id: "getReadiness", access: "public" },
  // The catalogue.
  "GET /plans": { id: "listPlans", access: "public" },
  "GET /plans/{id}": { id: "getPlan", access: "public" },
  "POST /plans": { id: "createPlan", access: "catalogue" },
  "PATCH /plans/{id}": { id: "updatePlan", access: "catalogue" },
  "DELETE /plans/{id}": { id: "deletePlan", access: "catalogue" },
  "PATCH /hotels/{id}": { id: "updateHotel", access: "catalogue" },
  "GET /size-classes": { id: "listSizeClasses", access: "public" },
  "PUT /size-classes": { id: "replaceSizeClasses", access: "catalogue" },
  "GET /add-ons": { id: "listAddOns", access: "public" },
  "POST /add-ons": { id: "createAddOn", access: "catalogue" },
  "PATCH /add-ons/{id}": { id: "updateAddOn", access: "catalogue" },
  "DELETE /add-ons/{id}": { id: "deleteAddOn", access: "catalogue" },
  "GET /service-prices": { id: "listServicePrices", access: "public" },
  "PUT /service-prices/{serviceType}": { id: "replaceServicePrice", access: "catalogue" },
  "POST /uploads": { id: "uploadImage", access: "catalogue" },
  "GET /membership-plans": { id: "listMembershipPlans", access: "public" },
  "POST /membership-plans": { id: "addMembershipPlan", access: "club" },
  "PATCH /membership-plans/{id}": { id: "changeMembershipPlan", access: "club" },
  "POST /membership-plans/{id}/retire": { id: "retireMembershipPlan", access: "club" },
  "GET /reviews": { id: "listReviews", access: "public" },
  "POST /reviews/{id}": { id: "submitReview", access: "public" },
  "GET /reviews/moderation": { id: "listReviewsToModerate", access: "reviews" },
  "PATCH /reviews/{id}": { id: "moderateReview", access: "reviews" },
  // Booking.
  "GET /availability": { id: "getAvailability", access: "public" },
  "GET /availability/days": { id: "getAvailabilityDays", access: "public" },
  "POST /bookings": { id: "createBooking", access: "public" },
  "POST /bookings/quote": { id: "quoteBooking", access: "public" },
  "POST /bookings/promo-check": { id: "checkPromoCode", access: "public" },
  "GET /bookings/manage/{token}": { id: "getManagedBooking", access: "public" },
  "POST /bookings/manage/{token}/cancel": { id: "cancelManagedBooking", access: "public" },
  "POST /bookings/manage/{token}/reschedule": { id: "rescheduleManagedBooking", access: "public" },
  "GET /bookings/manage/{token}/calendar.ics": { id: "getManagedBookingCalendar", access: "public" },
  "POST /waitlist": { id: "joinWaitlist", access: "public" },
  "GET /waitlist/offers/{token}": { id: "getWaitlistOffer", access: "public" },
  "POST /waitlist/offers/{token}/accept": { id: "acceptWaitlistOffer", access: "public" },
  "POST /waitlist/offers/{token}/decline": { id: "declineWaitlistOffer", access: "public" },
  "GET /waitlist/leave/{token}": { id: "getWaitlistLeave", access: "public" },
  "POST /waitlist/leave/{token}": { id: "leaveWaitlist", access: "public" },
  "GET /calendar-feed/{file}": { id: "getCalendarFeedFile", access: "public" },
  // Accounts and their own data.
  "POST /jwt": { id: "createToken", access: "signedIn" },
  "GET /user/admin/{email}": { id: "isAdmin", access: "signedIn" },
  "POST /user": { id: "updateOwnProfile", access: "signedIn" },
  "GET /bookings": { id: "listBookings", access: "signedIn" },
  "GET /bookings/{id}": { id: "getBooking", access: "signedIn" },
  "PATCH /bookings/{id}": { id: "updateBooking", access: "signedIn" },
  "GET /vehicles": { id: "listVehicles", access: "signedIn" },
  "POST /vehicles": { id: "addVehicle", access: "signedIn" },
  "PATCH /vehicles/{id}": { id: "updateVehicle", access: "signedIn" },
  "DELETE /vehicles/{id}": { id: "removeVehicle", access: "signedIn" },
  "GET /me/email-choices": { id: "getEmailChoices", access: "signedIn" },
  "PUT /me/email-choices": { id: "setEmailChoices", access: "signedIn" },
  "GET /me/language": { id: "getOwnLanguage", access: "signedIn" },
  "PUT /me/language": { id: "setOwnLanguage", access: "signedIn" },
  "GET /me/export": { id: "exportOwnData", access: "signedIn" },
  "GET /me/memberships": { id: "listOwnMemberships", access: "signedIn" },
  "DELETE /me": { id: "deleteOwnAccount", access: "signedIn" },
  "POST /invitations/{token}/accept": { id: "acceptInvitation", access: "signedIn" },
  "GET /sessions": { id: "listSessions", access: "signedIn" },
  "DELETE /sessions/{id}": { id: "signOutSession", access: "signedIn" },
  "DELETE /sessions": { id: "signOutOtherSessions", access: "signedIn" },
  // The day.
  "GET /bookings/day": { id: "listDayBookings", access: "desk" },
  "POST /bookings/confirm": { id: "confirmBookings", access: "desk" },
  "PUT /bookings/{id}/stage": { id: "setBookingStage", access: "desk" },
  "GET /bookings/{id}/customer": { id: "getBookingCustomer", access: "customerCard" },
  "GET /bookings/{id}/history": { id: "getBookingHistory", access: "desk" },
  "POST /bookings/{id}/service-record": { id: "saveServiceRecord", access: "desk" },
  "GET /bookings/{id}/service-record": { id: "getServiceRecord", access: "desk" },
  "GET /board/events": { id: "streamBoardEvents", access: "desk" },
  "GET /waitlist": { id: "listWaitlist", access: "desk" },
  "DELETE /waitlist/{id}": { id: "removeWaitlistEntry", access: "desk" },
  "POST /waitlist/{id}/offer": { id: "offerWaitlistPlace", access: "desk" },
  "GET /bookings/{id}/payments": { id: "listBookingPayments", access: "till" },
  "POST /bookings/{id}/payments": { id: "takePayment", access: "till" },
  "POST /gift-cards": { id: "sellGiftCard", access: "till" },
  "GET /gift-cards/{code}": { id: "getGiftCard", access: "till" },
  "POST /memberships": { id: "sellMembership", access: "till" },
  "GET /memberships": { id: "findMemberships", access: "till" },
  "GET /memberships/{id}": { id: "getMembership", access: "till" },
  "POST /memberships/{id}/renew": { id: "renewMembership", access: "till" },
  "POST /memberships/{id}/cancel": { id: "cancelMembership", access: "till" },
  "GET /customers/{id}": { id: "getCustomer", access: "customerCard" },
  "POST /customers/{id}/notes": { id: "addCustomerNote", access: "customerCard" },
  "DELETE /customers/{id}/notes/{noteId}": { id: "deleteCustomerNote", access: "customerCard" },
  // The shop.
  "GET /bookings/export.csv": { id: "exportBookings", access: "reports" },
  "GET /booking-settings": { id: "getBookingSettings", access: "bookingSettings" },
  "PATCH /booking-settings": { id: "updateBookingSettings", access: "bookingSettings" },
  "GET /closed-dates": { id: "listClosedDates", access: "bookingSettings" },
  "POST /closed-dates": { id: "closeDate", access: "bookingSettings" },
  "DELETE /closed-dates/{date}": { id: "reopenDate", access: "bookingSettings" },
  "GET /service-due": { id: "listServiceDue", access: "serviceDue" },
  "GET /service-due.csv": { id: "exportServiceDue", access: "serviceDue" },
  "GET /follow-up-settings": { id: "getFollowUpSettings", access: "serviceDue" },
  "PATCH /follow-up-settings": { id: "updateFollowUpSettings", access: "serviceDue" },
  "GET /outbox": { id: "listOutbox", access: "outbox" },
  "GET /outbox/{id}/attachments/{index}": { id: "getOutboxAttachment", access: "outbox" },
  "POST /outbox/{id}/retry": { id: "retryOutboxMessage", access: "outbox" },
  "POST /payments/{id}/refund": { id: "refundPayment", access: "refunds" },
  "GET /reports/takings": { id: "getTakings", access: "takings" },
  "POST /cash-ups": { id: "countCash", access: "takings" },
  "GET /reports/summary": { id: "getReportSummary", access: "reports" },
  "GET /reports": { id: "getReport", access: "reports" },
  "GET /reports/csv": { id: "exportReport", access: "reports" },
  "GET /waitlist/demand": { id: "getWaitlistDemand", access: "reports" },
  "GET /customers": { id: "listCustomers", access: "customers" },
  "GET /customers/list.csv": { id: "exportCustomers", access: "reports" },
  "GET /activity": { id: "listActivity", access: "activity" },
  "GET /calendar-feed": { id: "getCalendarFeed", access: "calendarFeed" },
  "POST /calendar-feed/renew": { id: "renewCalendarFeed", access: "calendarFeed" },
  // The owner.
  "GET /user": { id: "listUsers", access: "users" },
  "DELETE /user/{id}": { id: "deleteUser", access: "users" },
  "PATCH /user/admin/{id}": { id: "promoteToAdmin", access: "users" },
  "DELETE /user/admin/{id}": { id: "demoteAdmin", access: "users" },
  "PUT /user/{id}/role": { id: "setUserRole", access: "users" },
  "GET /invitations": { id: "listInvitations", access: "users" },
  "POST /invitations": { id: "invite", access: "users" },
  "DELETE /invitations/{id}": { id: "withdrawInvitation", access: "users" },
  "GET /backups": { id: "listBackups", access: "backups" },
  "GET /backups/archive": { id: "downloadBackup", access: "backups", backupToken: true },
  "PATCH /backups/settings": { id: "updateBackupSettings", access: "backups" },
  "GET /backups/nightly/{name}": { id: "downloadNightlyBackup", access: "backups" },
  "GET /customers/export": { id: "exportCustomerData", access: "customerData" },
  "POST /customers/erase": { id: "eraseCustomer", access: "customerData" },
  "GET /activity/settings": { id: "getActivitySettings", access: "activity" },
  "PATCH /activity/settings": { id: "updateActivitySettings", access: "security" },
  "PUT /test-clock": { id: "setTestClock", access: "security" },
  "GET /security-settings": { id: "getSecuritySettings", access: "security" },
  "PUT /security-settings": { id: "updateSecuritySettings", access: "security" },
} as const satisfies Record<string, Operation>;
export type OperationKey = keyof typeof OPERATIONS;

/**
 * Every dashboard page by its route pattern (app/routes.ts): signedIn for a person's own pages,
 * a job for the shop's. A page the role may not open answers 403.
 */
export const PAGES = {
  "/dashboard": "signedIn",
  "/dashboard/my-bookings": "signedIn",
  "/dashboard/my-vehicles": "signedIn",
  "/dashboard/email-choices": "signedIn",
  "/dashboard/security": "signedIn",
  "/dashboard/devices": "signedIn",
  "/dashboard/manageBooking": "desk",
  "/dashboard/manageBooking/today": "desk",
  "/dashboard/manageBooking/new": "desk",
  "/dashboard/sticker/:bookingId": "desk",
  "/dashboard/receipt/:bookingId": "till",
  "/dashboard/cash-up": "takings",
  "/dashboard/club": "club",
  "/dashboard/customers/:id": "customerCard",
  "/dashboard/customers": "customers",
  "/dashboard/service-due": "serviceDue",
  "/dashboard/reports": "reports",
  "/dashboard/addplan": "catalogue",
  "/dashboard/manageplans": "catalogue",
  "/dashboard/update-product/:id": "catalogue",
  "/dashboard/prices": "catalogue",
  "/dashboard/addhotel": "catalogue",
  "/dashboard/hotels": "catalogue",
  "/dashboard/hotels/:id/edit": "catalogue",
  "/dashboard/booking-settings": "bookingSettings",
  "/dashboard/reviews": "reviews",
  "/dashboard/outbox": "outbox",
  "/dashboard/activity": "activity",
  "/dashboard/allUsers": "users",
  "/dashboard/team": "users",
  "/dashboard/backups": "backups",
  "/dashboard/security-settings": "security",
} as const satisfies Record<string, Access>;
export type PagePath = keyof typeof PAGES;

/** The least role an access asks for (null: no sign-in needed). */
export function leastRole(access: Access): Role | null {
  if (access === "public") return null;
  if (access === "signedIn") return "member";
  return JOBS[access];
}

/** Whether a person of `role` may do `job`. */
export function can(role: Role | null | undefined, job: Job): boolean {
  return role != null && atLeast(role, JOBS[job]);
}

/** Whether the signed-in person of `role` (null: a visitor) passes an access. */
export function allows(role: Role | null | undefined, access: Access): boolean {
  const least = leastRole(access);
  return least === null || (role != null && atLeast(role, least));
}
