import { and, asc, count, desc, eq, gte, ilike, ne, not, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import {
  bookings,
  bookingVehicleKey,
  customerNotes,
  customers,
  reviews,
  serviceRecords,
  type CustomerRow as StoredCustomer,
} from "~/.server/db/schema";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { countStaleCustomers } from "~/.server/db/stale-marks";
import { requireJob, type Actor } from "~/lib/access";
import { notFound } from "~/lib/app-error";
import { containsPattern } from "~/lib/like-pattern";
import { phoneSearchDigits } from "~/lib/phone-search";
import { isObjectId, newObjectId } from "~/lib/object-id";
import type { Booking } from "~/features/bookings/bookings.schema";
import {
  CUSTOMER_PAGE_LISTS,
  SEARCH_MIN,
  type CustomerMessage,
  type CustomerNote,
  type CustomerQuery,
  type CustomerRow,
  type CustomerSort,
  type CustomerVehicle,
} from "./customers.schema";

/**
 * Dashboard → Customers (issue 30, part 2; decision 038). The list reads the customers table, which
 * the database keeps (migrations 0024 and 0026: a change marks its customers stale, and every read
 * counts the stale ones first), so a page is one index read whatever the number of bookings; a
 * customer's page reads their bookings by bookings.customer_key.
 */

const ORDERS: Record<CustomerSort, SQL[]> = {
  // Each is its index's order (db/schema/customers.ts): never a sort of the table.
  recent: [sql`${customers.lastVisit} desc nulls last`, desc(customers.key)],
  "longest-ago": [asc(customers.lastVisit), asc(customers.key)],
  spend: [desc(customers.spentCents), desc(customers.key)],
  visits: [desc(customers.visits), desc(customers.key)],
};

/**
 * Which customers a search finds: the text as typed; a phone number, or part of one, by its digits
 * among theirs (~/lib/phone-search.ts, as Manage Bookings finds it); a plate without its spaces and
 * dashes ("ABC 123").
 */
function searchFor(q: string): SQL | undefined {
  const text = q.trim().toLowerCase();
  if (text.length < SEARCH_MIN) return undefined;
  const compact = phoneSearchDigits(text) ?? text.replace(/[\s().+-]/g, "");
  return or(
    ilike(customers.searchText, containsPattern(text)),
    compact !== text && compact.length >= SEARCH_MIN
      ? ilike(customers.searchText, containsPattern(compact))
      : undefined,
  );
}

export function toCustomerRow(row: StoredCustomer): CustomerRow {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    account: row.userId !== null,
    bookings: row.bookings,
    visits: row.visits,
    lastVisit: row.lastVisit,
    spent: row.spentCents / 100,
    cancellations: row.cancellations,
    noShows: row.noShows,
    vehicles: row.vehicles,
    vehicle: row.vehicleLabel,
    plates: row.plates ? row.plates.split(" ") : [],
    nextServiceDue: row.nextServiceDue,
    vehicleType: row.vehicleType,
    vehicleYear: row.vehicleYear,
    lastServiceType: row.latestService,
    lastDate: row.latestDate ?? "",
    bookingId: row.latestBookingId ?? "",
  };
}

export interface CustomersOptions {
  /** Booking rows as the app shows them (bookings' toBooking, with the shop's hours). */
  toBookings: (rows: (typeof bookings.$inferSelect)[]) => Promise<Booking[]>;
  /** The e-mails sent to an address, newest first (the outbox's). */
  messagesTo: (address: string, limit: number) => Promise<CustomerMessage[]>;
}

export function createCustomers(db: Database, options: CustomersOptions) {
  async function find(id: string): Promise<StoredCustomer> {
    await countStaleCustomers(db);
    const [row] = isObjectId(id) ? await db.select().from(customers).where(eq(customers.id, id)) : [];
    if (!row) throw notFound("Customer");
    return row;
  }

  async function page(query: CustomerQuery) {
    const where = searchFor(query.q);
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(customers)
        .where(where)
        .orderBy(...ORDERS[query.sort])
        .limit(query.limit)
        .offset(query.offset),
      db.select({ total: count() }).from(customers).where(where),
    ]);
    return { items: rows.map(toCustomerRow), total: totals?.total ?? 0 };
  }

  return {
    /** A page of the list, in the order asked, with how many the search finds. */
    async list(actor: Actor | null, query: CustomerQuery) {
      requireJob(actor, "customers");
      await countStaleCustomers(db);
      return page(query);
    },

    /** Every customer the search finds, in the list's order, a batch at a time (the CSV). */
    async *exportAll(actor: Actor | null, query: Pick<CustomerQuery, "q" | "sort">): AsyncGenerator<CustomerRow[]> {
      requireJob(actor, "reports");
      await countStaleCustomers(db);
      const size = 2000;
      for (let offset = 0; ; offset += size) {
        const { items } = await page({ ...query, limit: size, offset });
        if (items.length) yield items;
        if (items.length < size) return;
      }
    },

    /** A customer's page: vehicles and their oil changes, bookings, reviews, messages and notes. */
    async detail(actor: Actor | null, id: string, today: string) {
      requireJob(actor, "customerCard");
      const row = await find(id);
      const theirs = eq(bookings.customerKey, row.key);
      // Still to happen: from today on, live, the car neither collected nor missed. The rest
      // (a day past, cancelled, or today's visit already collected or a no-show) is past.
      const ahead = and(
        gte(bookings.preferredDate, today),
        ne(bookings.status, "cancelled"),
        sql`${bookings.visitStage} is distinct from 'collected' and ${bookings.visitStage} is distinct from 'no-show'`,
      )!;
      const vehicleKey = bookingVehicleKey(bookings);
      const [vehicleRows, records, upcoming, past, reviewRows, notes, messages] = await Promise.all([
        db
          .select({
            key: vehicleKey,
            // The latest booking's words for the vehicle.
            label: sql<string>`(array_agg(concat_ws(' ', ${bookings.vehicleYear}::text, nullif(${bookings.vehicleColor}, ''), nullif(${bookings.vehicleMake}, ''), nullif(${bookings.vehicleModel}, '')) order by ${bookings.preferredDate} desc))[1]`,
            vehicleType: sql<string>`(array_agg(${bookings.vehicleType} order by ${bookings.preferredDate} desc))[1]`,
            plate: sql<string>`(array_agg(${bookings.vehiclePlate} order by ${bookings.preferredDate} desc))[1]`,
            lastBooked: sql<string>`max(${bookings.preferredDate})::text`,
            bookings: sql<number>`count(*)::integer`,
          })
          .from(bookings)
          .where(and(theirs, ne(bookings.status, "cancelled")))
          .groupBy(vehicleKey)
          .orderBy(sql`max(${bookings.preferredDate}) desc`),
        db
          .select({
            vehicleKey: serviceRecords.vehicleKey,
            servicedOn: serviceRecords.servicedOn,
            odometer: serviceRecords.odometer,
            oilName: serviceRecords.oilName,
            nextDueDate: serviceRecords.nextDueDate,
            nextDueMileage: serviceRecords.nextDueMileage,
          })
          .from(serviceRecords)
          .innerJoin(bookings, eq(bookings.id, serviceRecords.bookingId))
          .where(theirs)
          .orderBy(desc(serviceRecords.servicedOn), desc(serviceRecords.createdAt)),
        db
          .select()
          .from(bookings)
          .where(and(theirs, ahead))
          .orderBy(asc(bookings.preferredDate), asc(bookings.preferredTimeSlot), asc(bookings.createdAt))
          .limit(CUSTOMER_PAGE_LISTS),
        db
          .select()
          .from(bookings)
          .where(and(theirs, not(ahead)))
          .orderBy(desc(bookings.preferredDate), desc(bookings.preferredTimeSlot), desc(bookings.createdAt))
          .limit(CUSTOMER_PAGE_LISTS),
        db
          .select({ review: reviews })
          .from(reviews)
          .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
          .where(theirs)
          .orderBy(desc(reviews.createdAt)),
        db
          .select()
          .from(customerNotes)
          .where(eq(customerNotes.customerKey, row.key))
          .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
          .limit(CUSTOMER_PAGE_LISTS),
        row.email ? options.messagesTo(row.email, CUSTOMER_PAGE_LISTS) : Promise.resolve([]),
      ]);
      const vehicles: CustomerVehicle[] = vehicleRows.map((v) => ({
        label: v.label || v.vehicleType,
        vehicleType: v.vehicleType,
        plate: v.plate,
        lastBooked: v.lastBooked,
        bookings: v.bookings,
        records: records.filter((r) => r.vehicleKey === v.key).map(({ vehicleKey: _key, ...record }) => record),
      }));
      return {
        customer: toCustomerRow(row),
        vehicles,
        upcoming: await options.toBookings(upcoming),
        past: await options.toBookings(past),
        reviews: reviewRows.map(({ review }) => ({
          _id: review.id,
          bookingId: review.bookingId,
          rating: review.rating,
          comment: review.comment,
          serviceLabel: review.serviceLabel,
          status: review.status,
          createdAt: review.createdAt.toISOString(),
        })),
        messages,
        notes: notes.map(toNote),
      };
    },

    /** An admin's note about the customer, recorded as a change. */
    async addNote(actor: Actor | null, id: string, body: string): Promise<CustomerNote> {
      const admin = requireJob(actor, "customerCard");
      const who = auditActor(admin);
      const row = await find(id);
      return db.transaction(async (tx) => {
        const [note] = await tx
          .insert(customerNotes)
          .values({ id: newObjectId(), customerKey: row.key, body, authorId: admin.id, authorName: who.name })
          .returning();
        await recordChange(tx, who, {
          kind: "customer.note",
          subjectType: "customer",
          subjectId: row.id,
          summary: `Note about ${row.fullName || "a customer"} added`,
          after: { body },
        });
        return toNote(note!);
      });
    },

    /** Deletes one of a customer's notes. */
    async deleteNote(actor: Actor | null, id: string, noteId: string): Promise<void> {
      const who = auditActor(requireJob(actor, "customerCard"));
      const row = await find(id);
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(customerNotes)
          .where(and(eq(customerNotes.id, noteId), eq(customerNotes.customerKey, row.key)))
          .returning();
        if (!gone) throw notFound("Note");
        await recordChange(tx, who, {
          kind: "customer.note-delete",
          subjectType: "customer",
          subjectId: row.id,
          summary: `Note about ${row.fullName || "a customer"} deleted`,
          before: { body: gone.body },
        });
      });
    },
  };
}

function toNote(row: typeof customerNotes.$inferSelect): CustomerNote {
  return { _id: row.id, body: row.body, authorName: row.authorName, createdAt: row.createdAt.toISOString() };
}

export type CustomersService = ReturnType<typeof createCustomers>;
