import { sql } from "drizzle-orm";
import { check, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, moment, objectId } from "./columns";
import { users } from "./people";

/**
 * Invitations to the team (issue 45): an admin invites an address as staff, manager or admin; the
 * person signs up or signs in with it and accepts through the e-mailed link, once, within 7 days.
 * The link's token is never stored, only its SHA-256 (`token_hash`): this table cannot open an
 * invitation, so its rows travel in backups (decision 044; the e-mail's copy of the link is scrubbed
 * from the dump). Withdrawn, accepted and expired rows stay: the Team page lists what was sent.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: objectId("id").primaryKey(),
    /** The address invited, lower-cased: only an account with it may accept. */
    email: text("email").notNull(),
    role: text("role").notNull(),
    /** SHA-256 (hex) of the whole token in the link. */
    tokenHash: text("token_hash").notNull().unique(),
    /** Who invited: kept by name too, as the invitation outlives their account. */
    invitedById: objectId("invited_by_id").references(() => users.id, { onDelete: "set null" }),
    invitedByName: text("invited_by_name").notNull(),
    createdAt: createdAt(),
    expiresAt: moment("expires_at").notNull(),
    acceptedAt: moment("accepted_at"),
    acceptedById: objectId("accepted_by_id").references(() => users.id, { onDelete: "set null" }),
    withdrawnAt: moment("withdrawn_at"),
  },
  (t) => [
    check("invitations_role_check", sql`${t.role} in ('member', 'staff', 'manager', 'admin')`),
    // The Team page lists newest first.
    index("invitations_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("invitations_email_idx").on(t.email),
  ],
);

export type InvitationRow = typeof invitations.$inferSelect;
