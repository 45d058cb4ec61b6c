import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { customerLocale, localeCheck } from "./columns";

/**
 * The tables better-auth works on (checked against getAuthTables() with our plugins in
 * people.test.ts), plus the product fields role, permission, photo (docs/specification-quirks.md §10).
 * Property names are better-auth's field names; columns are snake_case.
 */
const stamps = {
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role").notNull().default("member"),
    banned: boolean("banned").default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true, mode: "date" }),
    permission: text("permission").notNull().default("Viewer"),
    photo: text("photo"),
    /** The member's language for their e-mails, a setting of their account (issue 49). */
    locale: customerLocale(),
    /** better-auth's two-factor plugin: set once an authenticator app's code has been confirmed. */
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    ...stamps,
  },
  (t) => [
    localeCheck("users", t.locale),
    check("users_role_check", sql`${t.role} in ('member', 'staff', 'manager', 'admin')`),
    // The All Users page lists newest first.
    index("users_created_idx").on(t.createdAt.desc()),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: varchar("user_id", { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    ...stamps,
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: varchar("user_id", { length: 24 })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true, mode: "date" }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true, mode: "date" }),
    scope: text("scope"),
    password: text("password"),
    ...stamps,
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: varchar("id", { length: 24 }).primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    ...stamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

/**
 * An account's authenticator app (better-auth's two-factor plugin): the TOTP secret and the backup
 * codes, both encrypted with the signing secret. They are keys: never in a backup (decision 050).
 */
export const twoFactors = pgTable("two_factors", {
  id: varchar("id", { length: 24 }).primaryKey(),
  secret: text("secret").notNull(),
  backupCodes: text("backup_codes").notNull(),
  // One authenticator per account: the plugin updates the row it finds rather than adding one.
  userId: varchar("user_id", { length: 24 })
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  verified: boolean("verified").default(true),
  failedVerificationCount: integer("failed_verification_count").default(0),
  lockedUntil: timestamp("locked_until", { withTimezone: true, mode: "date" }),
});

/**
 * Keys this installation generated for itself: the signing secret when AUTH_SECRET is not set
 * (server/auth-secret.ts). Its rows are never in a backup (decision 044): an archive that leaks
 * must not sign anyone in or forge a link.
 */
export const appSecrets = pgTable("app_secrets", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;

/**
 * How the auth tables join, for better-auth's `joins` (auth.ts): a session is read with its user in
 * one query instead of two, on every signed-in request. No column or migration comes of these.
 */
export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
  twoFactors: many(twoFactors),
}));
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const twoFactorsRelations = relations(twoFactors, ({ one }) => ({
  user: one(users, { fields: [twoFactors.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
