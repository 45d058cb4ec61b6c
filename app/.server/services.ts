import { APIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { bookingTemplates } from "~/features/bookings/booking-templates";
import { createBookingNotices, heldOutboxRows } from "~/features/bookings/booking-notices.server";
import { createBookingSettingsService } from "~/features/bookings/settings/booking-settings.server";
import { createBookingService } from "~/features/bookings/bookings.server";
import { createCalendarFeeds } from "~/features/bookings/calendar-feed.server";
import { createManageLinks } from "~/features/bookings/manage-link/manage-token.server";
import { createVisitDesk } from "~/features/bookings/desk/visit-desk.server";
import { createAudit } from "~/features/audit/audit.server";
import { createConsent } from "~/features/consent/consent.server";
import { createAccountLanguage } from "~/features/account-language/account-language.server";
import { createCustomerData } from "~/features/customer-data/customer-data.server";
import {
  createUnsubscribeLinks,
  optedOut,
  unsubscribeHeaders,
  unsubscribeParagraph,
} from "~/features/consent/consent-links.server";
import { createBackupSettings } from "~/features/backups/backup-settings.server";
import { createNightlyBackups } from "~/features/backups/nightly-backups.server";
import { createFollowUps, createFollowUpSettings, type FollowUpKind } from "~/features/follow-ups/follow-ups.server";
import { dueReminderTemplates } from "~/features/follow-ups/due-reminder-emails";
import { createDueReminders } from "~/features/follow-ups/due-reminders.server";
import { createRebookLinks } from "~/features/follow-ups/rebook-links.server";
import { createServiceRecords } from "~/features/follow-ups/service-records.server";
import { toBooking } from "~/features/bookings/booking-rows.server";
import { createReports } from "~/features/reports/reports.server";
import { createCustomers } from "~/features/customers/customers.server";
import { dayWindows } from "~/features/bookings/slot-plan";
import { openPartOfWindow, weekHours, windowLabels } from "~/features/bookings/shop-hours";
import { createSecurity } from "~/features/security/security.server";
import { createGarage } from "~/features/garage/garage.server";
import { createOutboxService } from "~/features/outbox/outbox.server";
import { createPlanService } from "~/features/plans/plans.server";
import { createPricing } from "~/features/pricing/pricing.server";
import { reviewTemplates } from "~/features/reviews/review-emails";
import { createReviewLinks } from "~/features/reviews/review-links.server";
import { createReviewRequests } from "~/features/reviews/review-requests.server";
import { createReviews } from "~/features/reviews/reviews.server";
import { createTill } from "~/features/till/till.server";
import { clubTemplates } from "~/features/club/club-emails";
import { createClub } from "~/features/club/club.server";
import { createRenewalReminders } from "~/features/club/club-reminders.server";
import { tillTemplates } from "~/features/till/till-emails";
import { createUploadService } from "~/features/uploads/uploads.server";
import { createInvitations } from "~/features/users/invitations.server";
import { createUserService } from "~/features/users/users.server";
import { waitlistTemplates } from "~/features/waitlist/waitlist-emails";
import { createWaitlistLinks } from "~/features/waitlist/waitlist-links.server";
import { createWaitlist, type WaitlistService } from "~/features/waitlist/waitlist.server";
import type { Actor } from "~/lib/access";
import { roleOf } from "~/lib/roles";
import type { Auth } from "./auth";
import { systemClock, type Clock } from "./clock";
import { createBoardChanges } from "./db/board-changes";
import { createChangeSignal, type ChangeSignal } from "./db/change-signal";
import { pendingMigrations, type DatabaseHandle } from "./db/client";
import type { SiteConfig } from "~/lib/site-config";
import type { Mailer } from "./mail/mailer";
import { createMessageWriter } from "./mail/message-templates";
import { siteLink } from "./mail/mail-i18n";
import { log } from "./log";
import { createSessionReader } from "./session-reader";
import type { FileStorage } from "./storage/file-storage";
import type { BackupService } from "./backup/backup-service";

export interface ServiceDependencies {
  database: DatabaseHandle;
  auth: Auth;
  storage: FileStorage;
  mailer: Mailer;
  site: SiteConfig;
  /** The site's public origin, for links in e-mails. */
  publicUrl: string;
  /** Where new booking requests are e-mailed until an admin sets an address (BUSINESS_EMAIL). */
  businessEmail?: string;
  /** The server's own secret (the session key): it signs the bookings' manage links and every other link. */
  secret: string;
  /** What the follow-ups run by: the system's time, or one the end-to-end tests move (TEST_CLOCK). */
  clock?: Clock;
  /** Archives of the whole site: the admin's download, the command line's ask, the nightly copy. */
  backups: BackupService;
}

/** The NOTIFY channel of catalogue writes (packages and hotel entries): every process drops its cached pages. */
const CATALOGUE_CHANNEL = "catalogue_changed";

/** The NOTIFY channel of booking settings' saves: every process drops the booking rules it kept. */
const SETTINGS_CHANNEL = "booking_settings_changed";

/** The NOTIFY channel of what the site shows of reviews (published, hidden, replied): every process drops its pages. */
const REVIEWS_CHANNEL = "reviews_changed";

/** Every service the API and the page loaders use, built once per process over one database. */
export function createServices(dependencies: ServiceDependencies) {
  const { database, auth, storage, mailer, site, publicUrl } = dependencies;
  const settingsChanges = createChangeSignal(database, SETTINGS_CHANNEL);
  const bookingSettings = createBookingSettingsService(
    database.db,
    { notifyEmail: dependencies.businessEmail },
    settingsChanges,
  );
  const place = { ...site, publicUrl, host: new URL(publicUrl).host };
  const manageLinks = createManageLinks(dependencies.secret);
  const unsubscribeLinks = createUnsubscribeLinks(dependencies.secret, publicUrl);
  /** The due reminders' one-tap link to the booking form, filled in (issue 28). */
  const rebookLinks = createRebookLinks(database.db, {
    secret: dependencies.secret,
    publicUrl,
    timeZone: site.timeZone,
  });
  /** Writes out stored messages: the booking e-mails and the shop's own are stored as their templates' input. */
  const messages = createMessageWriter({
    ...bookingTemplates(place),
    ...dueReminderTemplates(place, {
      rebookUrl: rebookLinks.url,
      unsubscribe(email, words) {
        const url = unsubscribeLinks.url(email, "service-reminders");
        return {
          paragraph: unsubscribeParagraph("service-reminders", siteLink(words, url, publicUrl), words),
          headers: unsubscribeHeaders(url),
        };
      },
    }),
    ...reviewTemplates(place, { paragraph: unsubscribeParagraph, headers: unsubscribeHeaders }),
    ...waitlistTemplates(place),
    ...tillTemplates(place),
    ...clubTemplates(place, { paragraph: unsubscribeParagraph, headers: unsubscribeHeaders }),
  });
  const bookingNotices = createBookingNotices({
    mailer,
    place,
    rules: bookingSettings.rules,
    manageUrl: (id) => manageLinks.manageUrl(publicUrl, id),
  });
  // One session lookup per request: the root, layout and page loaders all ask for the same
  // request's user, and React Router hands them the same Request (so the same Headers).
  const actors = new WeakMap<Headers, Promise<Actor | null>>();
  const sessions = {
    /** Who a request's session cookie or bearer token names (a method, so tests can count the lookups). */
    read: createSessionReader({
      db: database.db,
      settings: auth.$context,
      fallback: async (headers) => (await auth.api.getSession({ headers }))?.user ?? null,
    }),
  };
  async function lookUpActor(headers: Headers): Promise<Actor | null> {
    // No cookie and no bearer token: nobody is signed in, and most visitors are such requests.
    if (!headers.has("cookie") && !headers.has("authorization")) return null;
    const user = await sessions.read(headers);
    if (!user) return null;
    const { id, name, email, role, emailVerified } = user;
    return { id, name, email, role: roleOf(role), emailVerified };
  }

  const catalogue = createChangeSignal(database, CATALOGUE_CHANNEL);
  const pricing = createPricing(database.db, catalogue);
  const clock = dependencies.clock ?? systemClock;
  const followUpSettings = createFollowUpSettings(database.db, catalogue);
  /** The shop's own messages, queued as they fall due (issue 28): each kind is one entry. */
  const followUpKinds: FollowUpKind[] = [];
  /**
   * Where a place may have freed (a cancellation, a move, more bays, a date opened again), said
   * after the change committed: the waitlist offers it (issue 29). Built below, over the bookings.
   */
  const placesFreed = async (dates: string[]) => waitlist.placesFreedQuietly(dates);
  const reviewLinks = createReviewLinks(dependencies.secret, publicUrl);
  const reviewChanges = createChangeSignal(database, REVIEWS_CHANNEL);
  followUpKinds.push(
    createDueReminders(database.db, {
      mailer,
      timeZone: site.timeZone,
      optedOut: (email) => optedOut(email, "service-reminders"),
    }),
    createReviewRequests(database.db, {
      mailer,
      links: reviewLinks,
      unsubscribeUrl: (email) => unsubscribeLinks.url(email, "review-requests"),
      optedOut,
    }),
  );

  /** The wash club (issue 47): plans, memberships and the cover the bookings ask for. */
  const club = createClub(database.db, { mailer });
  followUpKinds.push(
    createRenewalReminders(database.db, {
      mailer,
      timeZone: site.timeZone,
      optedOut: (email) => optedOut(email, "club-reminders"),
      unsubscribeUrl: (email) => unsubscribeLinks.url(email, "club-reminders"),
    }),
  );
  const bookingService = createBookingService(database.db, {
    club: club.lookup,
    settings: bookingSettings,
    notices: bookingNotices,
    timeZone: site.timeZone,
    links: manageLinks,
    place,
    pricing,
    rebook: rebookLinks,
    placesFreed,
    dayClosed: async (date, reason) => waitlist.dayClosed(date, reason),
  });
  const waitlistLinks = createWaitlistLinks(dependencies.secret, publicUrl);
  const waitlist: WaitlistService = createWaitlist(database.db, {
    places: bookingService.forWaitlist,
    mailer,
    links: waitlistLinks,
    clock,
    holdMinutes: async () => (await bookingSettings.rules()).offerHoldMinutes,
  });
  // Holds lapse, past days end and free places are offered on the follow-ups' once-a-minute sweep
  // (and on PUT /api/test-clock), under the same clock.
  followUpKinds.push({ name: "waitlist-offers", queueDue: (at) => waitlist.sweep(at) });
  const outboxService = createOutboxService(database.db, messages);
  const audit = createAudit(database.db, { timeZone: site.timeZone, bookingMessages: outboxService.bookingMessages });
  // Records past the retention setting are dropped on the same sweep, by one process at a time.
  followUpKinds.push({ name: "audit-retention", queueDue: (at) => audit.dropExpired(at) });

  /** A customer's data in their hands: the download, deleting an account, a guest's erasure (decision 036). */
  const customerData = createCustomerData(database.db, {
    bookings: bookingService.forErasure,
    async checkPassword(headers, password) {
      try {
        await auth.api.verifyPassword({ headers, body: { password } });
        return "right";
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        // Its session ended meanwhile (the account deleted by a request at the same moment, say).
        return error.status === "UNAUTHORIZED" ? "signed-out" : "wrong";
      }
    },
    written: messages,
    reviewChanges,
    shopName: site.name,
  });
  // The cancellations an erasure sends hold the address only until they have gone (decision 036).
  followUpKinds.push({
    name: "removed-customers-messages",
    queueDue: async (at) => {
      await customerData.dropSentAboutRemoved(at);
      return 0;
    },
  });
  const backupSettings = createBackupSettings(database.db, database.kind);
  async function databaseRoundTrip() {
    const started = performance.now();
    await database.db.execute(sql`select 1`);
    return { kind: database.kind, latencyMs: Math.round((performance.now() - started) * 100) / 100 };
  }
  let databaseCheck: ReturnType<typeof databaseRoundTrip> | undefined;

  return {
    dependencies,
    /** Heard on every catalogue change, by any process: what shows the catalogue drops its copies. */
    catalogue: catalogue as Pick<ChangeSignal, "cacheable" | "onChange">,
    /** Heard on every Booking Settings save, by any process: the public pages show the opening hours. */
    settingsChanges: settingsChanges as Pick<ChangeSignal, "cacheable" | "onChange">,
    /** Heard on every change of what the site shows of reviews, by any process: home and /reviews show them. */
    reviewChanges: reviewChanges as Pick<ChangeSignal, "cacheable" | "onChange">,
    /** Every change of what the bay board shows, by any process: the admins' live boards (issue 29). */
    boardChanges: createBoardChanges(database),
    auth,
    sessions,
    storage,
    uploads: createUploadService(storage),
    plans: createPlanService(database.db, catalogue, pricing.classReader),
    users: createUserService(database.db),
    /** Invitations to the team (issue 45): e-mailed links that give the invited address its role. */
    invitations: createInvitations(database.db, { secret: dependencies.secret, mailer, place, clock }),
    bookings: bookingService,
    /** The waitlist (issue 29): entries, offers that hold a freed place, the admin's day list and demand. */
    waitlist,
    waitlistLinks,
    pricing,
    customerData,
    /** A member's own vehicles. */
    garage: createGarage(database.db),
    /** Two-factor sign-in's requirement, the admins' security settings, an account's signed-in devices. */
    security: createSecurity(database.db, auth),
    visits: createVisitDesk(database.db, {
      mailer,
      place,
      shopHours: bookingSettings.shopHours,
      onCollected: club.useWash,
    }),
    club,
    /** The till (issue 46): payments on visits, refunds, gift cards, the day's takings and cash-up. */
    till: createTill(database.db, { mailer, timeZone: site.timeZone }),
    bookingSettings: {
      ...bookingSettings,
      async updateSettings(...args: Parameters<typeof bookingSettings.updateSettings>) {
        const before = await bookingSettings.rules();
        const saved = await bookingSettings.updateSettings(...args);
        // More bays (or longer hours) may free places on every day that has people waiting.
        if (saved.bays > before.bays || args[1].openingHours)
          await waitlist.offerWaiting().catch((error: unknown) =>
            log.error("Offering freed places failed", {
              error: error instanceof Error ? error.message : String(error),
            }),
          );
        return saved;
      },
      async reopenDate(...args: Parameters<typeof bookingSettings.reopenDate>) {
        const reopened = await bookingSettings.reopenDate(...args);
        await placesFreed([args[1]]);
        return reopened;
      },
    },
    /** Each admin's private calendar feed of the shop's bookings (issue 29). */
    calendarFeeds: createCalendarFeeds(database.db, {
      place,
      publicUrl,
      secret: dependencies.secret,
      shopHours: bookingSettings.shopHours,
    }),
    manageLinks,
    /** The follow-ups' settings: oil types, reminder and review-request days, auto-publishing. */
    followUpSettings,
    /** Oil changes recorded on visits, each vehicle's next due date and mileage, and the due list. */
    serviceRecords: createServiceRecords(database.db, { settings: followUpSettings }),
    /** Dashboard → Reports (issue 30): the figures of a range, aggregated by the database. */
    reports: createReports(database.db, {
      timeZone: site.timeZone,
      async bayPlan() {
        const { bays, shop } = await bookingSettings.rules();
        const week = weekHours(shop);
        return {
          bays,
          windows: windowLabels(shop),
          windowsOn: (date: string) => dayWindows(date, shop),
          openPart: (window: string) => openPartOfWindow(window, week),
        };
      },
      async classNames() {
        const { classes } = await pricing.sizeClasses();
        return Object.fromEntries(classes.map((c) => [c.id, c.name]));
      },
    }),
    /** Dashboard → Customers (issue 30): one list of accounts and guests, kept by the database. */
    customers: createCustomers(database.db, {
      async toBookings(rows) {
        const shop = await bookingSettings.shopHours();
        return rows.map((row) => toBooking(row, shop));
      },
      messagesTo: outboxService.messagesTo,
    }),
    /** Queues due reminders, their follow-ups and review requests when they fall due; the entry starts it. */
    followUps: createFollowUps({ settings: followUpSettings, kinds: followUpKinds, now: () => clock.now() }),
    clock,
    unsubscribeLinks,
    /** Which of the shop's own messages an address gets: one-click unsubscribes and a member's choices. */
    consent: createConsent(database.db),
    /** A member's language for their e-mails (issue 49). */
    accountLanguage: createAccountLanguage(database.db),
    reviewLinks,
    /** Customers' reviews of their visits: written through the review link, moderated by admins. */
    reviews: createReviews(database.db, {
      links: reviewLinks,
      changes: reviewChanges,
      settings: followUpSettings,
      mailer,
      businessEmail: async () => (await bookingSettings.rules()).notifyEmail,
    }),
    rebookLinks,
    outbox: outboxService,
    /** The record of changes (issue 31): a booking's history, Dashboard → Activity, how long it is kept. */
    audit,
    /** What the outbox worker sends: each stored message written out. */
    messages,
    /** What the outbox worker holds back: reminders of visits on closed days (issue 29). */
    outboxHeld: heldOutboxRows,
    databaseKind: database.kind,
    backups: dependencies.backups,
    /** The nightly backup's settings: on or off, its time, how many archives are kept. */
    backupSettings,
    /** Writes the night's archive into DATA_DIR/backups once, whatever the processes; the entry starts it. */
    nightlyBackups: createNightlyBackups({
      db: database.db,
      engine: database.kind,
      backups: dependencies.backups,
      settings: backupSettings,
      timeZone: site.timeZone,
    }),

    /** The signed-in person of a request (session cookie or bearer token), or null. */
    getActor(headers: Headers): Promise<Actor | null> {
      let actor = actors.get(headers);
      if (!actor) {
        actor = lookUpActor(headers);
        actors.set(headers, actor);
      }
      return actor;
    },

    /** Ready for requests: the database answers and has every migration of this build. */
    async checkReady() {
      try {
        const pending = await pendingMigrations(database.db);
        return { reachable: true, pendingMigrations: pending, ready: pending === 0 };
      } catch (error) {
        return { reachable: false, ready: false, error };
      }
    },

    /**
     * A round trip to the database (GET /api/health). Checks asked while one is on its way share
     * its answer rather than each sending its own: anyone may ask for health, and a flood of checks
     * then holds one pooled connection, never the ones bookings need. Each answer is still a round
     * trip that ended after it was asked.
     */
    checkDatabase() {
      return (databaseCheck ??= databaseRoundTrip().finally(() => (databaseCheck = undefined)));
    },
  };
}

export type Services = ReturnType<typeof createServices>;
