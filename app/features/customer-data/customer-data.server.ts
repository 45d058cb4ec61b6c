import { eq } from "drizzle-orm";
import { auditActor, recordChange, type AuditActor } from "~/.server/audit/audit-log";
import type { ChangeSignal } from "~/.server/db/change-signal";
import type { Database } from "~/.server/db/client";
import { auditEvents, users, vehicles, verifications } from "~/.server/db/schema";
import type { MessageWriter } from "~/.server/mail/message-templates";
import { requireActor, requireJob, type Actor } from "~/lib/access";
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
import {
  dropSentAboutRemoved,
  eraseIn,
  erasureCounts,
  erasureSummary,
  inErasure,
  lockWaitlist,
  type ErasureBookings,
} from "./customer-erasure.server";
import { collectData, customerDocument, type HeldData } from "./customer-export.server";
import { guestPerson, memberPerson } from "./customer-person.server";

/**
 * The customer's data in their hands (issue 31 part 3; the rule of what is kept: decision 036):
 * the download and the erasure, for a member themself and for the admin acting for a guest. Whose
 * data is customer-person.server.ts; what the download holds, customer-export.server.ts; what an
 * erasure removes and keeps, customer-erasure.server.ts. This file wires them to the acting user.
 */

export interface CustomerDataOptions {
  /** The bookings' side (bookings.server.ts forErasure): whose bookings, and the cancellation path. */
  bookings: ErasureBookings;
  /** better-auth's own check of the signed-in account's password ("signed-out": the request's session is gone). */
  checkPassword(headers: Headers, password: string): Promise<"right" | "wrong" | "signed-out">;
  /** Writes out stored messages: the download names each e-mail's subject. */
  written: MessageWriter;
  /** Reviews are deleted with their writer: the erasure's transaction tells every process's pages. */
  reviewChanges: Pick<ChangeSignal, "write">;
  shopName: string;
  now?: () => Date;
}

/** The member's own record in the audit log: their name is not kept there either. */
const MEMBER_THEMSELF: AuditActor = { id: null, name: "A member (their own account)", role: "member" };
/** What the audit log says of an erased member's own earlier changes. */
const REMOVED_ACTOR = "A removed customer";

/** The guest an admin acts for; an address with an account is its member's to act on. */
async function refuseMemberAddress(executor: Pick<Database, "select">, guest: Guest) {
  if (!guest.email) return;
  const [member] = await executor.select({ id: users.id }).from(users).where(eq(users.email, guest.email));
  if (member) throw new AppError("conflict", MEMBER_ADDRESS);
}

export function createCustomerData(db: Database, options: CustomerDataOptions) {
  const { now = () => new Date() } = options;
  const { ownedBy } = options.bookings;
  const erasing = { bookings: options.bookings, now };
  const document = (held: HeldData, whose: string) => customerDocument(held, whose, options.shopName, now());

  return {
    /** GET /api/me/export: the signed-in person's own data, and nobody else's. */
    async exportMine(actor: Actor | null): Promise<CustomerData> {
      const caller = requireActor(actor);
      return document(await collectData(db, options.written, memberPerson(ownedBy, caller), caller.id), "you");
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
      return inErasure(options, async (tx) => {
        await lockWaitlist(tx, memberPerson(ownedBy, caller));
        const [user] = await tx.select().from(users).where(eq(users.id, caller.id)).for("update");
        if (!user) throw new AppError("conflict", ACCOUNT_GONE);
        // No administrator locks the shop out of its own dashboard: they become a member first.
        if (user.role === "admin") throw new AppError("conflict", ADMIN_ACCOUNT);
        const { erasure, freed } = await eraseIn(erasing, tx, memberPerson(ownedBy, user), {
          by: "customer",
          who: MEMBER_THEMSELF,
        });
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
          summary: `A member deleted their account. ${erasureSummary(done)}`,
          after: erasureCounts(done),
        });
        return { erasure: done, freed };
      });
    },

    /** GET /api/customers/export: a guest's data, for the admin to hand to them (recorded, without who). */
    async exportGuest(actor: Actor | null, guest: Guest): Promise<CustomerData> {
      const admin = requireJob(actor, "customerData");
      await refuseMemberAddress(db, guest);
      const held = await collectData(db, options.written, guestPerson(guest), null);
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
      const admin = requireJob(actor, "customerData");
      const person = guestPerson(guest);
      return inErasure(options, async (tx) => {
        await refuseMemberAddress(tx, guest);
        await lockWaitlist(tx, person);
        const { erasure, freed } = await eraseIn(erasing, tx, person, { by: "admin", who: auditActor(admin) });
        await recordChange(tx, auditActor(admin), {
          kind: "customer.erase",
          subjectType: "customer",
          summary: erasureSummary(erasure),
          after: erasureCounts(erasure),
        });
        return { erasure, freed };
      });
    },

    /** The follow-ups' sweep: messages about removed customers' bookings, once sent (customer-erasure.server.ts). */
    dropSentAboutRemoved: (at: Date): Promise<number> => dropSentAboutRemoved(db, at),
  };
}

export type CustomerDataService = ReturnType<typeof createCustomerData>;
