import { z } from "zod";
import { textField } from "~/lib/text-field";

/**
 * A customer's data in their hands (issue 31 part 3, docs/decisions/036): what they may download,
 * and what deleting an account (or a guest's ask) removes and keeps. Browser-safe: the account
 * page, the customer history's buttons and the API share these words and shapes.
 */

export const WRONG_PASSWORD = "That password is not right.";
export const ACCOUNT_GONE = "This account has already been deleted.";
export const ADMIN_ACCOUNT =
  "An administrator's account can't be deleted here: ask another administrator to make you a member first.";
export const CAR_ON_SITE =
  "A car of this customer is with us now: its details are needed until it is collected. Try again after that.";
export const MEMBER_ADDRESS =
  "A member's account uses this e-mail: they download their data and delete their account themselves, on their dashboard (Your data).";

/** DELETE /api/me: the account's password, checked by better-auth, proves the request is its owner's. */
export const deleteAccountSchema = z
  .object({
    password: textField({ message: "Enter your password" }).max(128, WRONG_PASSWORD).min(1, "Enter your password"),
  })
  .strict()
  .meta({ id: "DeleteAccount" });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

const guestEmail = z
  .string()
  .trim()
  .max(254, "Provide a valid email")
  .pipe(z.email("Provide a valid email"))
  .transform((email) => email.toLowerCase());
const guestPhone = textField({ invalid: "Enter a valid phone number" })
  .max(30, "Enter a valid phone number")
  .regex(/^[\d+\-\s()]{7,}$/, "Enter a valid phone number")
  // Its digits find the bookings: seven make a local number, fewer would match strangers.
  .refine((phone) => phone.replace(/\D/g, "").length >= 7, "Enter a valid phone number");

/**
 * The guest an admin acts for, as the shop knows them: their e-mail (their bookings, waitlist places,
 * messages and e-mail choices), and a phone number for their bookings made at the counter without an
 * e-mail. A booking with the same phone but another address is that address's person's, not theirs.
 */
export const guestSchema = z
  .object({
    email: guestEmail.optional().describe("the address the customer booked with"),
    phone: guestPhone.optional().describe("also their bookings made without an e-mail, by this number's digits"),
  })
  .strict()
  .refine((guest) => guest.email !== undefined || guest.phone !== undefined, {
    message: "Give the customer's e-mail or phone number.",
    path: ["email"],
  });
export type Guest = z.infer<typeof guestSchema>;

/** What an erasure did, in numbers only: the answer, and the audit record (which keeps no personal data). */
export const erasureSchema = z.object({
  acknowledged: z.literal(true),
  bookingsKept: z.number().int().describe("bookings kept in the books without the customer's details"),
  cancelled: z.number().int().describe("upcoming bookings cancelled (the customer and the shop were e-mailed)"),
  vehicles: z.number().int(),
  serviceRecords: z.number().int(),
  reviews: z.number().int(),
  waitlistEntries: z.number().int(),
  messages: z.number().int().describe("stored e-mails to or about the customer deleted"),
});
export type Erasure = z.infer<typeof erasureSchema>;

const row = z.record(z.string(), z.unknown());

/**
 * The downloaded document: everything the shop holds about the person, and nobody else's. A guest's
 * (an admin's download) has no account, sessions or vehicles.
 */
export const customerDataSchema = z
  .object({
    about: z.string(),
    exportedAt: z.string(),
    account: row.nullable().describe("the account (never its password hash)"),
    sessions: z.array(row).describe("where the account is signed in (never the session tokens)"),
    vehicles: z.array(row),
    bookings: z.array(row),
    serviceRecords: z.array(row),
    payments: z.array(row).describe("payments on their visits: how, how much, the tip, and any refunds"),
    reviews: z.array(row),
    messages: z.array(row).describe("e-mails sent (or to be sent) to them: template, subject, when"),
    emailChoices: row.describe("the shop's own e-mails they get (true) or stopped (false)"),
    waitlist: z.array(row),
  })
  .meta({ id: "CustomerData" });
export type CustomerData = z.infer<typeof customerDataSchema>;

/** The downloaded file's name: the shop's, whose, and the day. */
export const exportFileName = (whose: "my" | "customer", today: string) => `carwash-${whose}-data-${today}.json`;
