import { and, eq, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { bookingPhoneDigits, bookings, outbox, waitlistEntries, type UserRow } from "~/.server/db/schema";
import type { Guest } from "./customer-data.schema";

/**
 * Whose data (issue 31 part 3; decision 036): one person's data is found by one `Person` (a
 * member's account, or a guest the shop knows by e-mail and phone), and both the download
 * (customer-export.server.ts) and the erasure (customer-erasure.server.ts) read it through the same
 * conditions, so what is erased is what was shown, and nobody else's.
 */

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Whose data: found by these conditions, the same for the download and the erasure. */
export interface Person {
  /** Their bookings: a member's own (ownedBy), a guest's by e-mail or, without one, by phone. */
  bookings: SQL;
  /** Their waitlist places, by the same rule. */
  waitlist: SQL;
  /** An address proved theirs: a member's verified one (decision 013), or the one a guest gave the shop. */
  address: string | null;
  /** A member's account address, proved or not: the account's own e-mails (verification, reset) went there. */
  accountEmail: string | null;
}

/** Which bookings are a member's (the bookings' own rule: bookings.server.ts forErasure). */
export type OwnedBy = (caller: { id: string; email: string; emailVerified: boolean }) => SQL;

/** A condition nothing meets: where a person has none of something, never "no condition". */
export const NOBODY = sql`false`;
export const ofBookings = (column: AnyColumn, ids: string[]) => (ids.length ? inArray(column, ids) : NOBODY);

export function memberPerson(ownedBy: OwnedBy, user: Pick<UserRow, "id" | "email" | "emailVerified">): Person {
  const email = user.email.toLowerCase();
  const address = user.emailVerified ? email : null;
  return {
    bookings: ownedBy({ id: user.id, email, emailVerified: user.emailVerified }),
    waitlist: or(eq(waitlistEntries.userId, user.id), address ? eq(waitlistEntries.email, address) : undefined)!,
    address,
    accountEmail: email,
  };
}

export function guestPerson({ email, phone }: Guest): Person {
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
export function messagesTo(person: Person, bookingIds: string[]): SQL {
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
export function messagesToOrAbout(person: Person, bookingIds: string[]): SQL {
  return or(messagesTo(person, bookingIds), ofBookings(outbox.bookingId, bookingIds))!;
}
