import { eq } from "drizzle-orm";
import type { Auth } from "./auth";
import type { Database } from "./db/client";
import { users } from "./db/schema";
import { cookieValue, signedValue } from "./session-reader";

/** better-auth's two-factor plugin's cookie: the pending sign-in it set after the password. */
const TWO_FACTOR_COOKIE = "two_factor";

/**
 * The e-mail of the account whose sign-in waits for its code: the one the request's two_factor
 * cookie names (signed by this server, and still pending). Undefined for anything else, which
 * better-auth refuses itself. The sign-in limit counts the code's attempts against this account.
 */
export async function pendingSignInEmail(auth: Auth, db: Database, headers: Headers): Promise<string | undefined> {
  const context = await auth.$context;
  const name = context.createAuthCookie(TWO_FACTOR_COOKIE).name;
  const identifier = signedValue(cookieValue(headers.get("cookie"), name), context.secret);
  if (!identifier) return undefined;
  const pending = await context.internalAdapter.findVerificationValue(identifier);
  if (!pending || pending.expiresAt < new Date()) return undefined;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, pending.value));
  return user?.email.toLowerCase();
}
