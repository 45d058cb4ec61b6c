import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { boundedMemo } from "~/lib/bounded-memo";
import type { Database } from "./db/client";
import { sessions, users } from "./db/schema";

/** Who a session belongs to, as the site needs it on every request. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  /** Unset on an account better-auth made before roles: a member. */
  role?: string | null;
  emailVerified: boolean;
}

/** What the reader needs of better-auth's context: the cookie's name and key, the sessions' ages. */
interface AuthSettings {
  secret: string;
  authCookies: { sessionToken: { name: string } };
  sessionConfig: { expiresIn: number; updateAge: number };
}

interface SessionReaderOptions {
  db: Database;
  /** better-auth's context (auth.$context): the reader takes the cookie's name, key and the ages from it. */
  settings: Promise<AuthSettings>;
  /** better-auth's own lookup, for everything but the common case. */
  fallback(headers: Headers): Promise<SessionUser | null>;
}

/**
 * The signed-in user of a request, for the common case in one prepared query and a synchronous
 * HMAC: what better-auth's getSession answers, without the endpoint machinery it runs each time (a
 * context, a Request object, the cookie's signature through WebCrypto, its output filters), which
 * cost more CPU than the rest of a signed-in API call.
 *
 * A valid session not due for renewal, and a signed token with no session, are answered here.
 * better-auth itself answers a bearer token (its plugin), a session it would renew (it writes the new
 * expiry) and an expired one (it deletes the row), so those keep exactly its behaviour. A cookie
 * whose signature is wrong names nobody, as in better-auth.
 */
export function createSessionReader({ db, settings, fallback }: SessionReaderOptions) {
  const byToken = db
    .select({
      expiresAt: sessions.expiresAt,
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      emailVerified: users.emailVerified,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("session_by_token");

  return async function readSession(headers: Headers): Promise<SessionUser | null> {
    if (headers.has("authorization")) return fallback(headers);
    const { secret, authCookies, sessionConfig } = await settings;
    const token = signedValue(cookieValue(headers.get("cookie"), authCookies.sessionToken.name), secret);
    if (!token) return null;
    const [row] = await byToken.execute({ token });
    // Signed by this server but gone (signed out, or the account deleted): nobody, as better-auth would
    // answer without a second query.
    if (!row) return null;
    // Expired (better-auth deletes it) or due for renewal, once updateAge (a day) of its expiresIn
    // (30 days) has passed (better-auth writes the new expiry): better-auth's to answer. Judged by the
    // server's clock, as better-auth judges it.
    const renewFrom = (sessionConfig.expiresIn - sessionConfig.updateAge) * 1000;
    if (row.expiresAt.getTime() - renewFrom <= Date.now()) return fallback(headers);
    const { expiresAt: _, ...user } = row;
    return user;
  };
}

/** A cookie's value as better-call reads it: the first of that name, unquoted and URI-decoded. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq === -1 || pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The value of a cookie better-call signed (`value.base64(HMAC-SHA256(secret, value))`), or
 * undefined when it is unsigned or the signature is wrong.
 */
export function signedValue(cookie: string | undefined, secret: string): string | undefined {
  if (!cookie) return undefined;
  // A signed-in browser sends the same cookie with every request: its signature is checked once.
  // Only cookies this server signed are kept (a forged one cannot fill the memory), per secret.
  return verified.get(`${secret}\n${cookie}`, () => verifySignature(cookie, secret));
}
const verified = boundedMemo<string | undefined>(10_000);

function verifySignature(cookie: string, secret: string): string | undefined {
  const dot = cookie.lastIndexOf(".");
  if (dot < 1) return undefined;
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith("=")) return undefined;
  // Compared as text, as better-call's atob would refuse what Node's lenient base64 decoder accepts ("-" for "+").
  const expected = Buffer.from(createHmac("sha256", secret).update(value).digest("base64"));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}
