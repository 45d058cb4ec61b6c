import type { BetterAuthRateLimitStorage } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
// better-auth's minimal entry (no Kysely: the Drizzle adapter talks to the database) and each plugin
// by its own path, not the index of them all: 21 MB less resident in a bare Node (benchmark 040).
import { betterAuth } from "better-auth/minimal";
import { admin } from "better-auth/plugins/admin";
import { bearer } from "better-auth/plugins/bearer";
import { twoFactor } from "better-auth/plugins/two-factor";
import { newObjectId } from "~/lib/object-id";
import { SESSION_COOKIE_PREFIX } from "~/lib/session-cookie";
import { authGuards } from "./auth-guards";
import { idleWhenDone } from "./auth-storage";
import { checkAuthInput } from "./auth-input";
import type { Database } from "./db/client";
import { accounts, sessions, twoFactors, users, verifications } from "./db/schema";
import type { Mailer } from "./mail/mailer";
import { passwordResetEmail, verifyEmailEmail, type EmailBusiness } from "./mail/templates";
import { twoFactorAudit } from "./two-factor-audit";
import { PAGE_LANGUAGE_HEADER } from "~/lib/page-locale";

export const AUTH_BASE_PATH = "/api/auth";
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
/** Set by our own middleware from the socket (or a trusted proxy), replacing any client value. */
export const CLIENT_IP_HEADER = "x-carwash-client-ip";
/** Where a verification link (sign-up, resend, new address) brings its reader back to. */
export const EMAIL_VERIFIED_PATH = "/dashboard/my-bookings?verified=1";

/**
 * The verification link with our own return path, whatever the request asked: the link's one
 * purpose is My Bookings, where the bookings the address now unlocks show.
 */
function verificationLink(url: string): string {
  const link = new URL(url);
  link.searchParams.set("callbackURL", EMAIL_VERIFIED_PATH);
  return link.toString();
}

export interface AuthOptions {
  db: Database;
  mailer: Mailer;
  secret: string;
  /** The site's public origin: reset links point here and browsers' Origin must match it. */
  baseURL: string;
  trustedOrigins?: string[];
  /** The business the account e-mails come from (their header, footer and words). */
  business: EmailBusiness;
  /** Sign-in and sign-up attempts per IP per minute; false turns limiting off (tests). */
  rateLimit: { signIn: number; signUp: number } | false;
  /** Where the attempts are counted: shared by every server process on a shared database or Redis. */
  rateLimitStorage: BetterAuthRateLimitStorage;
}

export const productUserFields = {
  permission: { type: "string", defaultValue: "Viewer", input: false },
  photo: { type: "string", required: false, input: false },
  // The member's language for their e-mails (issue 49): set through PUT /api/me/language only.
  locale: { type: "string", defaultValue: "en", input: false },
} as const;

/**
 * The language of an account's e-mail: the member's setting, else the page's the request came from
 * (apiFetch's X-Page-Language: a sign-up or a reset asked on a Spanish page), else English.
 */
function accountLocale(user: object, request: Request | undefined): "en" | "es" {
  // better-auth's types leave out the additional fields its user carries (productUserFields).
  if ((user as { locale?: unknown }).locale === "es") return "es";
  return request?.headers.get(PAGE_LANGUAGE_HEADER) === "es" ? "es" : "en";
}

export function createAuth(options: AuthOptions) {
  const limits = options.rateLimit;
  const auth = betterAuth({
    appName: options.business.name,
    baseURL: options.baseURL,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        twoFactor: twoFactors,
      },
    }),
    // A password-reset (or other) token is kept as its SHA-256, so reading the table opens no
    // pending link (decision 044). Rows kept plain before this are still found (better-auth's own
    // fallback). Sessions have no such option in better-auth 1.7: their tokens are kept as sent.
    verification: { storeIdentifier: "hashed" },
    user: {
      additionalFields: productUserFields,
      // A new address is taken only once its owner opens the link sent to it (better-auth sends it
      // through sendVerificationEmail below); until then the account keeps the old one.
      changeEmail: { enabled: true },
    },
    hooks: { before: checkAuthInput },
    databaseHooks: {
      user: {
        // An account made on a Spanish page (sign-up from /es: its X-Page-Language) is a Spanish speaker's.
        create: {
          before: async (user, context) => {
            const header =
              context?.headers?.get(PAGE_LANGUAGE_HEADER) ?? context?.request?.headers.get(PAGE_LANGUAGE_HEADER);
            return header === "es" ? { data: { ...user, locale: "es" } } : undefined;
          },
        },
        update: { after: twoFactorAudit(options.db) },
      },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }, request) {
        await options.mailer.send(
          passwordResetEmail({
            to: user.email,
            name: user.name,
            url,
            business: options.business,
            locale: accountLocale(user, request),
          }),
        );
      },
    },
    // An account proves its address by a link; bookings made with that address as a visitor are
    // its own only then (docs/decisions/013). Signing in does not wait for it.
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 60 * 60 * 24,
      // A mail server that is down must not fail the sign-up it comes with: the e-mail is in the
      // outbox, and My Bookings offers to send it again.
      async sendVerificationEmail({ user, url }, request) {
        const email = verifyEmailEmail({
          to: user.email,
          name: user.name,
          url: verificationLink(url),
          business: options.business,
          locale: accountLocale(user, request),
        });
        try {
          await options.mailer.send(email);
        } catch (error) {
          console.error(
            `Verification e-mail to ${email.to} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    rateLimit: limits
      ? {
          enabled: true,
          customStorage: options.rateLimitStorage,
          window: 60,
          max: 100,
          customRules: {
            "/sign-in/email": { window: 60, max: limits.signIn },
            // The code after the password counts per address as the password does (the plugin's own
            // rule is 3 per 10 s); per account, server/api/auth.routes.ts counts both steps together.
            "/two-factor/*": { window: 60, max: limits.signIn },
            "/sign-up/email": { window: 60, max: limits.signUp },
            "/request-password-reset": { window: 60, max: limits.signUp },
            "/send-verification-email": { window: 60, max: limits.signUp },
            "/change-email": { window: 60, max: limits.signUp },
          },
        }
      : { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // One query for a session and its user (db/schema/people.ts has the relations), not two.
      database: { generateId: () => newObjectId(), joins: true },
    },
    plugins: [
      admin({ defaultRole: "member", adminRoles: ["admin"] }),
      bearer(),
      // An authenticator app's code after the password (decision 050); the QR code names the shop.
      twoFactor({ issuer: options.business.name }),
      authGuards(),
    ],
  });
  return idleWhenDone(auth);
}

export type Auth = ReturnType<typeof createAuth>;
