import type { OpenAPIHono } from "@hono/zod-openapi";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { businessToday } from "~/lib/business-date";
import type { Services } from "~/.server/services";
import type { RateLimiter, RateLimiters } from "./rate-limiter";

/** What every API handler finds on its context, set once per request in createApi. */
export interface ApiEnv {
  Variables: {
    services: Services;
    /** The request's signed-in person, looked up only when a route asks (and once: getActor memoises). */
    actor: () => Promise<Actor | null>;
    /** The calendar date (YYYY-MM-DD) it is now in the business's time zone. */
    today: () => string;
  };
}

export type Api = OpenAPIHono<ApiEnv>;

export interface ApiOptions {
  /** How many reverse proxies stand in front, each appending to X-Forwarded-For (0: none). */
  trustedProxies: number;
  timeZone: string;
  /** Booking requests per minute from one address, for visitors. */
  bookingsPerMinute: number;
  /** Sign-in attempts that fail, per account (e-mail) per SIGN_IN_ACCOUNT_WINDOW_MS. */
  signInsPerAccount: number;
  /** Makes the per-address and per-account limiters, counted where every process counts them. */
  rateLimiters: RateLimiters;
  /** TEST_CLOCK=true: PUT /api/test-clock moves the follow-ups' clock (end-to-end tests only). */
  testClock?: boolean;
  /** How often the board's live feed sends a heartbeat (tests shorten it; 20 s otherwise). */
  boardHeartbeatMs?: number;
}

/** The business's time zone for the body schemas' "today"; createApi sets it. */
let schemaTimeZone: string | undefined;

/**
 * A route's body schema is a constant (its OpenAPI name is global), so it cannot close over an app's
 * options; the time zone is the process's configuration instead. (A per-request context would do, but
 * Node 20's AsyncLocalStorage keeps promise hooks on for every later promise: a fifth of a request.)
 */
export function setSchemaTimeZone(timeZone: string): void {
  if (schemaTimeZone !== undefined && schemaTimeZone !== timeZone)
    throw new Error(`One business time zone per process: ${schemaTimeZone} is set, not ${timeZone}.`);
  schemaTimeZone = timeZone;
}

/** Today's date in the business's time zone: the handlers' c.var.today, and body schemas' while they parse. */
export function requestToday(): string {
  if (schemaTimeZone === undefined) throw new Error("createApi sets the time zone before any request.");
  return businessToday(schemaTimeZone);
}

/**
 * The client's address for rate limits: the socket's, or behind `trustedProxies` proxies the
 * address the outermost of them saw. In-process test requests have no socket.
 */
export function clientIp(c: Context, trustedProxies: number): string | undefined {
  const forwarded = trustedProxies > 0 ? forwardedClient(c.req.header("x-forwarded-for"), trustedProxies) : undefined;
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/**
 * Each proxy appends the address it saw to X-Forwarded-For, so the client is the entry `trustedProxies`
 * from the right; anything to its left is what the client itself sent, and may be forged. With fewer
 * entries than proxies, the left-most one (as Express's hop count does).
 */
export function forwardedClient(header: string | undefined, trustedProxies: number): string | undefined {
  const entries = (header ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - trustedProxies)];
}

/**
 * Counts one request against a per-address limiter and refuses it (429, with Retry-After) past the
 * limit, in `message`'s words: the bookings, manage links and reviews all count visitors so.
 */
export async function countPerAddress(
  c: Context,
  limiter: Pick<RateLimiter, "hit">,
  trustedProxies: number,
  message: string,
): Promise<void> {
  const verdict = await limiter.hit(clientIp(c, trustedProxies) ?? "unknown");
  if (verdict.allowed) return;
  c.header("Retry-After", String(verdict.retryAfterSeconds));
  throw new AppError("rate_limited", message);
}
