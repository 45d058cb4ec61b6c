import { and, asc, eq, gt, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { auditActor, recordChange, type AuditActor } from "~/.server/audit/audit-log";
import type { ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import {
  auditEvents,
  bookingPhoneDigits,
  bookings,
  customerIdOf,
  customerNotes,
  emailOptOuts,
  outbox,
  reviews,
  serviceRecords,
  sessions,
  users,
  vehicles,
  verifications,
  waitlistEntries,
  waitlistOffers,
  type BookingRow,
  type UserRow,
} from "~/.server/db/schema";
import type { MessageWriter } from "~/.server/mail/message-templates";
import { CONSENT_KINDS } from "~/features/consent/consent.schema";
import { requireActor, requireAdmin, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import {
  ACCOUNT_GONE,
  ADMIN_ACCOUNT,
  MEMBER_ADDRESS,
  WRONG_PASSWORD,
  type CustomerData,
  type DeleteAccountInput,
  type Erasure,
  type Guest,
} from "./customer-data.schema";

/**
 * The customer's data in their hands (issue 31 part 3; the rule of what is kept: decision 036).
 * One person's data is found by one `Person` (a member's account, or a guest the shop knows by
 * e-mail and phone), and both the download and the erasure read it through the same conditions,
 * so what is erased is what was shown, and nobody else's.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface CustomerDataOptions {
  /** The bookings' side (bookings.server.ts forErasure): whose bookings, and the cancellation path. */
  bookings: {
    ownedBy(caller: { id: string; email: string; emailVerified: boolean }): SQL;
    cancel(
      tx: Tx,
      locked: BookingRow[],
      origin: { by: "admin" | "customer"; who: AuditActor },
    ): Promise<{ cancelled: number; freed: string[] }>;
    /** After the commit: the waitlist offers the places freed. */
    placesFreed(dates: string[]): Promise<void>;
  };
  /** better-auth's own check of the signed-in account's password ("signed-out": the request's session is gone). */
  checkPassword(headers: Headers, password: string): Promise<"right" | "wrong" | "signed-out">;
  /** Writes out stored messages: the download names each e-mail's subject. */
  written: MessageWriter;
  /** Reviews are deleted with their writer: the erasure's transaction tells every process's pages. */
  reviewChanges: Pick<ChangeSignal, "write">;
  shopName: string;
  now?: () => Date;
}

/** Whose data: found by these conditions, the same for the download and the erasure. */
interface Person {
  /** Their bookings: a member's own (ownedBy), a guest's by e-mail or, without one, by phone. */
  bookings: SQL;
  /** Their waitlist places, by the same rule. */
  waitlist: SQL;
  /** An address proved theirs: a member's verified one (decision 013), or the one a guest gave the shop. */
  address: string | null;
  /** A member's account address, proved or not: the account's own e-mails (verification, reset) went there. */
  accountEmail: string | null;
}

/** The member's own record in the audit log: their name is not kept there either. */
const MEMBER_THEMSELF: AuditActor = { id: null, name: "A member (their own account)", role: "member" };
/** What the audit log says of an erased member's own earlier changes. */
const REMOVED_ACTOR = "A removed customer";

const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
/** A condition nothing meets: where a person has none of something, never "no condition". */
const NOBODY = sql`false`;
const ofBookings = (column: AnyColumn, ids: string[]) => (ids.length ? inArray(column, ids) : NOBODY);
/**
 * How long after an erasure its own messages (the cancellations) may still be on their way: the
 * outbox gives up on one after about 2 h 43 min of retries (outbox-worker.ts RETRY_DELAYS_MS).
 */
const MESSAGES_SETTLE_MS = 24 * 60 * 60_000;
const iso = (at: Date | null) => at?.toISOString() ?? null;

export function createCustomerData(db: Database, options: CustomerDataOptions) {
  const { now = () => new Date() } = options;

  function memberPerson(user: Pick<UserRow, "id" | "email" | "emailVerified">): Person {
    const email = user.email.toLowerCase();
    const address = user.emailVerified ? email : null;
    return {
      bookings: options.bookings.ownedBy({ id: user.id, email, emailVerified: user.emailVerified }),
      waitlist: or(eq(waitlistEntries.userId, user.id), address ? eq(waitlistEntries.email, address) : undefined)!,
      address,
      accountEmail: email,
    };
  }

  function guestPerson({ email, phone }: Guest): Person {
    const digits = phone?.replace(/\D/g, "");
    // A booking with another address is that address's person's, whatever its phone.
    const byPhone = digits ? and(eq(bookings.email, ""), eq(bookingPhoneDigits(bookings), digits)) : undefined;
    return {
      // Never no condition at all: that would be everyone's bookings.
      bookings: or(email ? eq(bookings.email, email) : undefined, byPhone) ?? NOBODY,
      waitlist: email ? eq(waitlistEntries.email, email) : NOBODY,
      address: email ?? null,
      accountEmail: null,
    };
  }

  /**
   * E-mails sent to them: everything to their proved address, and to an account's address what was
   * about its own bookings and the account's own e-mails (better-auth's verification and reset, the
   * only messages stored whole with no booking). An unproved address may be someone else's.
   */
  function messagesTo(person: Person, bookingIds: string[]): SQL {
    const ofAccount = person.accountEmail
      ? and(
          eq(outbox.to, person.accountEmail),
          or(
            bookingIds.length ? inArray(outbox.bookingId, bookingIds) : undefined,
            and(isNull(outbox.template), isNull(outbox.bookingId)),
          ),
        )
      : undefined;
    return or(person.address ? eq(outbox.to, person.address) : undefined, ofAccount) ?? NOBODY;
  }

  /** What an erasure deletes of the outbox: the messages to them and every one about their bookings (the shop's copies too). */
  function messagesToOrAbout(person: Person, bookingIds: string[]): SQL {
    return or(messagesTo(person, bookingIds), ofBookings(outbox.bookingId, bookingIds))!;
  }

  /** Everything held about the person, as the downloaded document lists it. */
  async function collect(person: Person, userId: string | null): Promise<Omit<CustomerData, "about" | "exportedAt">> {
    const bookingRows = await db
      .select()
      .from(bookings)
      .where(person.bookings)
      .orderBy(asc(bookings.preferredDate), asc(bookings.createdAt), asc(bookings.id));
    const ids = bookingRows.map((b) => b.id);
    const [account, sessionRows, vehicleRows, records, reviewRows, messageRows, stopped, entries] = await Promise.all([
      userId ? db.select().from(users).where(eq(users.id, userId)) : [],
      userId ? db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)) : [],
      userId ? db.select().from(vehicles).where(eq(vehicles.userId, userId)).orderBy(asc(vehicles.createdAt)) : [],
      db
        .select()
        .from(serviceRecords)
        .where(ofBookings(serviceRecords.bookingId, ids))
        .orderBy(asc(serviceRecords.servicedOn)),
      db.select().from(reviews).where(ofBookings(reviews.bookingId, ids)).orderBy(asc(reviews.createdAt)),
      db.select().from(outbox).where(messagesTo(person, ids)).orderBy(asc(outbox.createdAt), asc(outbox.id)),
      person.address
        ? db.select({ kind: emailOptOuts.kind }).from(emailOptOuts).where(eq(emailOptOuts.email, person.address))
        : [],
      db.select().from(waitlistEntries).where(person.waitlist).orderBy(asc(waitlistEntries.createdAt)),
    ]);
    return {
      account: account[0] ? accountRecord(account[0]) : null,
      sessions: sessionRows.map((s) => ({
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        ipAddress: s.ipAddress,
        userAgent: s.userAgent,
      })),
      vehicles: vehicleRows.map(({ id, userId: _, createdAt, updatedAt, ...vehicle }) => ({
        _id: id,
        ...vehicle,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      })),
      bookings: bookingRows.map(bookingRecord),
      serviceRecords: records.map((r) => ({
        bookingId: r.bookingId,
        servicedOn: r.servicedOn,
        odometer: r.odometer,
        oil: r.oilName,
        nextDueDate: r.nextDueDate,
        nextDueMileage: r.nextDueMileage,
      })),
      reviews: reviewRows.map((r) => ({
        bookingId: r.bookingId,
        rating: r.rating,
        comment: r.comment,
        shownAs: r.authorName,
        status: r.status,
        reply: r.reply,
        createdAt: r.createdAt.toISOString(),
        publishedAt: iso(r.publishedAt),
      })),
      messages: messageRows.map((m) => ({
        to: m.to,
        template: m.template,
        subject: subjectOf(m),
        state: m.state,
        bookingId: m.bookingId,
        createdAt: m.createdAt.toISOString(),
        sentAt: iso(m.sentAt),
      })),
      emailChoices: Object.fromEntries(CONSENT_KINDS.map((kind) => [kind, !stopped.some((s) => s.kind === kind)])),
      waitlist: entries.map((e) => ({
        date: e.date,
        slots: e.slots,
        fullName: e.fullName,
        phone: e.phone,
        email: e.email,
        summary: e.summary,
        request: e.request,
        status: e.status,
        createdAt: e.createdAt.toISOString(),
        endedAt: iso(e.endedAt),
      })),
    };
  }

  function subjectOf(row: typeof outbox.$inferSelect): string | null {
    try {
      return options.written(row).subject;
    } catch {
      return row.subject;
    }
  }

  function document(held: Awaited<ReturnType<typeof collect>>, whose: string): CustomerData {
    const exportedAt = now().toISOString();
    return { about: `Everything ${options.shopName} holds about ${whose}, on ${exportedAt}.`, exportedAt, ...held };
  }

  /**
   * Locks the person's waitlist places before anything else: accepting an offer locks its entry
   * and then books (naming the account), so taking the entries first means an acceptance either
   * finished (its booking is found and erased) or waits and then finds its entry gone.
   */
  async function lockWaitlist(tx: Tx, person: Person) {
    return tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(person.waitlist).for("update");
  }

  /**
   * The erasure's common part, in the caller's transaction: the person's bookings locked; stored
   * e-mails to or about them deleted (before the cancellations queue theirs); their upcoming visits
   * cancelled by the bookings' own path; every booking of theirs kept without their details; their
   * service records, reviews, waitlist places and e-mail choices deleted; their bookings' audit
   * records kept without the values before and after (they may hold the details).
   */
  async function eraseIn(tx: Tx, person: Person, origin: { by: "admin" | "customer"; who: AuditActor }) {
    const rows = await tx.select().from(bookings).where(person.bookings).orderBy(asc(bookings.id)).for("update");
    const ids = rows.map((r) => r.id);
    const messages = await tx.delete(outbox).where(messagesToOrAbout(person, ids)).returning({ id: outbox.id });
    const { cancelled, freed } = await options.bookings.cancel(tx, rows, origin);
    if (ids.length)
      await tx
        .update(bookings)
        .set({
          fullName: "",
          phone: "",
          email: "",
          vehiclePlate: "",
          vehicleMake: "",
          vehicleModel: "",
          vehicleColor: "",
          vehicleId: null,
          specialInstructions: "",
          // WASH5's once-per-address index would hold every erased booking's "" as one customer;
          // the promo's line and discount stay in the booking's lines and total.
          promoCode: "",
          userId: null,
          personalDataRemovedAt: now(),
        })
        .where(inArray(bookings.id, ids));
    // The admins' notes about them go too, and the record of each note keeps no text.
    const keys = [...new Set([...rows.map((r) => r.customerKey), person.address])].filter((k): k is string => !!k);
    if (keys.length) {
      await tx.delete(customerNotes).where(inArray(customerNotes.customerKey, keys));
      await tx
        .update(auditEvents)
        .set({ before: null, after: null })
        .where(and(eq(auditEvents.subjectType, "customer"), inArray(auditEvents.subjectId, keys.map(customerIdOf))));
    }
    const records = await tx
      .delete(serviceRecords)
      .where(ofBookings(serviceRecords.bookingId, ids))
      .returning({ id: serviceRecords.id });
    const deletedReviews = await tx
      .delete(reviews)
      .where(ofBookings(reviews.bookingId, ids))
      .returning({ id: reviews.id });
    const held = await tx
      .select({ date: waitlistOffers.date })
      .from(waitlistOffers)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
      .where(and(person.waitlist, eq(waitlistOffers.status, "open")));
    // Their offers go with their entries (cascade): a place an open one held is free again.
    const entries = await tx.delete(waitlistEntries).where(person.waitlist).returning({ id: waitlistEntries.id });
    if (person.address) await tx.delete(emailOptOuts).where(eq(emailOptOuts.email, person.address));
    if (ids.length)
      await tx
        .update(auditEvents)
        .set({ before: null, after: null })
        .where(and(eq(auditEvents.subjectType, "booking"), inArray(auditEvents.subjectId, ids)));
    const erasure: Erasure = {
      acknowledged: true,
      bookingsKept: ids.length,
      cancelled,
      vehicles: 0,
      serviceRecords: records.length,
      reviews: deletedReviews.length,
      waitlistEntries: entries.length,
      messages: messages.length,
    };
    return { erasure, freed: [...freed, ...held.map((h) => h.date)] };
  }

  /** Runs an erasure in one transaction that also tells every process reviews may have gone; offers freed places after. */
  async function inErasure(work: (tx: Tx) => Promise<{ erasure: Erasure; freed: string[] }>): Promise<Erasure> {
    // ChangeSignal.write hands its transaction over typed as the database.
    const { erasure, freed } = await options.reviewChanges.write((tx) => work(tx as unknown as Tx));
    if (freed.length) await options.bookings.placesFreed([...new Set(freed)]);
    return erasure;
  }

  const summary = (erasure: Erasure) =>
    `Removed a customer's details: ${erasure.bookingsKept} bookings kept without them, ${erasure.cancelled} upcoming cancelled`;
  const counts = ({ acknowledged: _, ...numbers }: Erasure) => numbers;

  /** The guest an admin acts for; an address with an account is its member's to act on. */
  async function refuseMemberAddress(executor: Pick<Database, "select">, guest: Guest) {
    if (!guest.email) return;
    const [member] = await executor.select({ id: users.id }).from(users).where(eq(users.email, guest.email));
    if (member) throw new AppError("conflict", MEMBER_ADDRESS);
  }

  return {
    /** GET /api/me/export: the signed-in person's own data, and nobody else's. */
    async exportMine(actor: Actor | null): Promise<CustomerData> {
      const caller = requireActor(actor);
      return document(await collect(memberPerson(caller), caller.id), "you");
    },

    /**
     * DELETE /api/me: with the account's password (better-auth checks it), the account goes in one
     * transaction: its upcoming visits cancelled with the usual e-mails, every booking kept without
     * its details (decision 036), the rest of its data deleted, its sessions and logins with the
     * account. The account's row is locked first thing after its waitlist places, so a second
     * deletion at the same moment waits and is then told the account is gone, and a booking sent
     * meanwhile waits and is then refused (the foreign key to users: server/errors.ts accountGone).
     */
    async deleteMyAccount(actor: Actor | null, { password }: DeleteAccountInput, headers: Headers): Promise<Erasure> {
      const caller = requireActor(actor);
      const check = await options.checkPassword(headers, password);
      if (check === "signed-out") throw new AppError("unauthorized", "Please log in.");
      if (check === "wrong") throw new AppError("validation_failed", WRONG_PASSWORD, { password: WRONG_PASSWORD });
      return inErasure(async (tx) => {
        await lockWaitlist(tx, memberPerson(caller));
        const [user] = await tx.select().from(users).where(eq(users.id, caller.id)).for("update");
        if (!user) throw new AppError("conflict", ACCOUNT_GONE);
        // No administrator locks the shop out of its own dashboard: they become a member first.
        if (user.role === "admin") throw new AppError("conflict", ADMIN_ACCOUNT);
        const { erasure, freed } = await eraseIn(tx, memberPerson(user), { by: "customer", who: MEMBER_THEMSELF });
        const garage = await tx.delete(vehicles).where(eq(vehicles.userId, user.id)).returning({ id: vehicles.id });
        // A password reset's token names the account by its id.
        await tx.delete(verifications).where(eq(verifications.value, user.id));
        await tx.update(auditEvents).set({ actorName: REMOVED_ACTOR }).where(eq(auditEvents.actorId, user.id));
        // Its sessions and logins (the password's hash) go with it, by their foreign keys.
        await tx.delete(users).where(eq(users.id, user.id));
        const done = { ...erasure, vehicles: garage.length };
        await recordChange(tx, MEMBER_THEMSELF, {
          kind: "customer.erase",
          subjectType: "customer",
          summary: `A member deleted their account. ${summary(done)}`,
          after: counts(done),
        });
        return { erasure: done, freed };
      });
    },

    /** GET /api/customers/export: a guest's data, for the admin to hand to them (recorded, without who). */
    async exportGuest(actor: Actor | null, guest: Guest): Promise<CustomerData> {
      const admin = requireAdmin(actor);
      await refuseMemberAddress(db, guest);
      const held = await collect(guestPerson(guest), null);
      await recordChange(db, auditActor(admin), {
        kind: "customer.export",
        subjectType: "customer",
        summary: `Downloaded a customer's data: ${held.bookings.length} bookings`,
        after: { bookings: held.bookings.length, messages: held.messages.length, waitlist: held.waitlist.length },
      });
      return document(held, "this customer");
    },

    /** POST /api/customers/erase: what deleting an account does, for a guest who asked the shop. */
    async eraseGuest(actor: Actor | null, guest: Guest): Promise<Erasure> {
      const admin = requireAdmin(actor);
      const person = guestPerson(guest);
      return inErasure(async (tx) => {
        await refuseMemberAddress(tx, guest);
        await lockWaitlist(tx, person);
        const { erasure, freed } = await eraseIn(tx, person, { by: "admin", who: auditActor(admin) });
        await recordChange(tx, auditActor(admin), {
          kind: "customer.erase",
          subjectType: "customer",
          summary: summary(erasure),
          after: counts(erasure),
        });
        return { erasure, freed };
      });
    },

    /**
     * Messages about bookings whose customer was removed are kept only until they are sent: the
     * cancellations an erasure queues need the address until then. The follow-ups' sweep (once a
     * minute) drops those delivered, kept (no mail server) or given up on, among the bookings
     * removed in the last day (found by their empty address's index, bookings_email_created_idx).
     */
    async dropSentAboutRemoved(at: Date): Promise<number> {
      const removedLately = db
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(eq(bookings.email, ""), gt(bookings.personalDataRemovedAt, new Date(at.getTime() - MESSAGES_SETTLE_MS))),
        );
      const dropped = await db
        .delete(outbox)
        .where(and(ne(outbox.state, "queued"), inArray(outbox.bookingId, removedLately)))
        .returning({ id: outbox.id });
      return dropped.length;
    },
  };
}

export type CustomerDataService = ReturnType<typeof createCustomerData>;

/** The account as the download shows it: never its password (that is in accounts, not read here). */
function accountRecord(user: UserRow) {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    photo: user.photo,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** A booking as the download shows it: what was booked, for whom, what it cost, and where it is. */
function bookingRecord(row: BookingRow) {
  return {
    _id: row.id,
    createdAt: row.createdAt.toISOString(),
    preferredDate: row.preferredDate,
    preferredTimeSlot: row.preferredTimeSlot,
    status: row.status,
    visitStage: row.visitStage,
    fullName: row.fullName,
    phone: row.phone,
    email: row.email,
    vehicleType: row.vehicleType,
    vehicleYear: row.vehicleYear,
    vehicleMake: row.vehicleMake,
    vehicleModel: row.vehicleModel,
    vehicleColor: row.vehicleColor,
    vehiclePlate: row.vehiclePlate,
    serviceType: row.serviceType,
    packageName: row.packageName,
    lines: row.lines.map((line) => ({ label: line.label, amount: line.amountCents / 100 })),
    promoCode: row.promoCode,
    discount: row.discountCents / 100,
    total: dollars(row.totalCents),
    specialInstructions: row.specialInstructions,
  };
}
