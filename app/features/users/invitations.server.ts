import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import type { Clock } from "~/.server/clock";
import type { Database } from "~/.server/db/client";
import { invitations, users, type InvitationRow } from "~/.server/db/schema";
import type { EmailContent } from "~/.server/mail/email-layout";
import type { Mailer } from "~/.server/mail/mailer";
import { createSigner } from "~/.server/signed-token";
import { requireActor, requireJob, type Actor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { zonedFormatter } from "~/lib/business-date";
import { isObjectId, newObjectId } from "~/lib/object-id";
import { roleOf } from "~/lib/roles";
import { invitationEmail } from "./invitation-email";
import {
  INVITATION_DAYS,
  INVITATION_EXPIRED,
  INVITATION_INVALID,
  INVITATION_USED,
  INVITATION_WITHDRAWN,
  wrongAccount,
  type Invitation,
  type InvitationPage,
  type InvitationStatus,
  type InvitationValues,
} from "./invitations.schema";
import { ROLE_WORDS } from "./role-words";
import { writeRole } from "./user-roles.server";
import type { PageQuery } from "~/lib/pagination";

const DAY_MS = 24 * 60 * 60 * 1000;

const ENDED: Record<Exclude<InvitationStatus, "pending">, string> = {
  accepted: INVITATION_USED,
  expired: INVITATION_EXPIRED,
  withdrawn: INVITATION_WITHDRAWN,
};

export interface InvitationDependencies {
  /** The server's secret: the links are signed with it (purpose "invitation"). */
  secret: string;
  mailer: Mailer;
  /** The business as the e-mail names it, its public address for the link, and its time zone. */
  place: EmailContent["business"] & { timeZone: string };
  /** What "7 days" is counted by: the follow-ups' clock, which the end-to-end tests may move (TEST_CLOCK). */
  clock: Clock;
}

/** Only the token's SHA-256 is stored: the table alone opens no invitation. */
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Invitations to the team (issue 45). The link is `/invite/<token>`: 24 random characters signed
 * with the server's secret, so a changed character is refused before the database is asked (404),
 * and stored only as its hash. Accepting makes the invited role the signed-in account's through
 * writeRole (the same locked change as PUT /api/user/{id}/role: never leaves the shop without an
 * admin), once: the invitation's row is locked, so of two acceptances at once one wins.
 */
export function createInvitations(db: Database, { secret, mailer, place, clock }: InvitationDependencies) {
  const signer = createSigner(secret, "invitation");
  const base = place.publicUrl.replace(/\/+$/, "");
  const expiryFormat = zonedFormatter("en-US", {
    timeZone: place.timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

  function statusOf(row: InvitationRow, now: Date): InvitationStatus {
    if (row.withdrawnAt) return "withdrawn";
    if (row.acceptedAt) return "accepted";
    return now >= row.expiresAt ? "expired" : "pending";
  }

  function toInvitation(row: InvitationRow, now: Date): Invitation {
    return {
      _id: row.id,
      email: row.email,
      role: roleOf(row.role),
      status: statusOf(row, now),
      invitedBy: row.invitedByName,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
    };
  }

  /** The row a link names, or null for a link the server did not write (or whose row is gone). */
  async function rowOfToken(executor: Pick<Database, "select">, token: string, lock = false) {
    if (signer.verify(token) === null) return null;
    const query = executor
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashOf(token)));
    const [row] = await (lock ? query.for("update") : query);
    return row ?? null;
  }

  return {
    /**
     * POST /api/invitations: the invitation and its e-mail (through the outbox, in the same
     * transaction). A pending invitation to the same address is withdrawn: the newest link is the one that works.
     */
    async invite(actor: Actor | null, input: InvitationValues) {
      const caller = requireJob(actor, "users");
      const who = auditActor(caller);
      const token = signer.sign(randomBytes(18).toString("base64url"));
      const now = clock.now();
      const row = {
        id: newObjectId(),
        email: input.email,
        role: input.role,
        tokenHash: hashOf(token),
        invitedById: caller.id,
        invitedByName: caller.name || caller.email,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      };
      await db.transaction(async (tx) => {
        await tx
          .update(invitations)
          .set({ withdrawnAt: now })
          .where(
            and(
              eq(invitations.email, row.email),
              isNull(invitations.acceptedAt),
              isNull(invitations.withdrawnAt),
              gt(invitations.expiresAt, now),
            ),
          );
        await tx.insert(invitations).values(row);
        await mailer.send(
          invitationEmail({
            to: row.email,
            role: input.role,
            invitedBy: row.invitedByName,
            url: `${base}/invite/${token}`,
            expires: expiryFormat.format(row.expiresAt),
            business: place,
          }),
          { executor: tx },
        );
        await recordChange(tx, who, {
          kind: "invitation.create",
          subjectType: "invitation",
          subjectId: row.id,
          summary: `${row.email} invited as ${ROLE_WORDS[input.role]}`,
          after: { email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() },
        });
      });
      return { acknowledged: true, insertedId: row.id, expiresAt: row.expiresAt.toISOString() };
    },

    /** GET /api/invitations: pending and past ones, newest first, a page at a time. */
    async list(actor: Actor | null, query: PageQuery) {
      requireJob(actor, "users");
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(invitations)
          .orderBy(desc(invitations.createdAt), desc(invitations.id))
          .limit(query.limit)
          .offset(query.offset),
        db.select({ total: count() }).from(invitations),
      ]);
      const now = clock.now();
      return { items: rows.map((row) => toInvitation(row, now)), total: totals?.total ?? 0 };
    },

    /** DELETE /api/invitations/:id: a pending invitation's link stops working; one already ended changes nothing. */
    async withdraw(actor: Actor | null, id: string) {
      const who = auditActor(requireJob(actor, "users"));
      if (!isObjectId(id)) throw notFound("Invitation");
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for("update");
        if (!row) throw notFound("Invitation");
        const now = clock.now();
        const status = statusOf(row, now);
        if (status === "accepted")
          throw new AppError("conflict", "This invitation was accepted already: change their role on All Users.");
        if (status !== "pending") return { acknowledged: true, deletedCount: 0 };
        await tx.update(invitations).set({ withdrawnAt: now }).where(eq(invitations.id, id));
        await recordChange(tx, who, {
          kind: "invitation.withdraw",
          subjectType: "invitation",
          subjectId: id,
          summary: `Invitation of ${row.email} as ${ROLE_WORDS[roleOf(row.role)]} withdrawn`,
          before: { status },
          after: { status: "withdrawn" },
        });
        return { acknowledged: true, deletedCount: 1 };
      });
    },

    /** What /invite/<token> shows, or null for a link the server did not write. Opening it changes nothing. */
    async page(actor: Actor | null, token: string): Promise<InvitationPage | null> {
      const row = await rowOfToken(db, token);
      if (!row) return null;
      const email = actor?.email.toLowerCase();
      return {
        email: row.email,
        role: roleOf(row.role),
        invitedBy: row.invitedByName,
        status: statusOf(row, clock.now()),
        expiresAt: row.expiresAt.toISOString(),
        viewer: !actor
          ? { kind: "visitor" }
          : email === row.email
            ? { kind: "invitee", acceptedIt: row.acceptedById === actor.id }
            : { kind: "other", email: actor.email },
      };
    },

    /**
     * POST /api/invitations/:token/accept: the invited role becomes the signed-in account's, if its
     * address is the invited one. 404 for a link the server did not write; 410 for one used,
     * expired or withdrawn; 403 for another account; 409 if it would leave the shop without an admin.
     */
    async accept(actor: Actor | null, token: string) {
      const caller = requireActor(actor);
      if (signer.verify(token) === null) throw new AppError("not_found", INVITATION_INVALID);
      return db.transaction(async (tx) => {
        const row = await rowOfToken(tx, token, true);
        if (!row) throw new AppError("not_found", INVITATION_INVALID);
        const now = clock.now();
        const status = statusOf(row, now);
        if (status !== "pending") throw new AppError("gone", ENDED[status]);
        if (caller.email.toLowerCase() !== row.email)
          throw new AppError("forbidden", wrongAccount(row.email, caller.email));
        const written = await writeRole(tx, auditActor(caller), caller.id, roleOf(row.role), {
          because: `invitation from ${row.invitedByName}`,
        });
        await tx
          .update(invitations)
          .set({ acceptedAt: now, acceptedById: caller.id })
          .where(eq(invitations.id, row.id));
        // The link reached this address: it is theirs, as a verification link would have shown.
        await tx.update(users).set({ emailVerified: true }).where(eq(users.id, caller.id));
        return { acknowledged: true, role: written.role, modifiedCount: written.changed ? 1 : 0 };
      });
    },
  };
}

export type InvitationService = ReturnType<typeof createInvitations>;
