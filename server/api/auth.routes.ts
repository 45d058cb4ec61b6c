import { createRoute, z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { ACCOUNT_SIGN_INS_LIMITED, accountSignInsLimitedMessage } from "~/features/users/auth-messages";
import { requireActor } from "~/lib/access";
import { AppError, notFound } from "~/lib/app-error";
import { textField } from "~/lib/text-field";
import { CLIENT_IP_HEADER } from "~/.server/auth";
import { pendingSignInEmail } from "~/.server/two-factor-challenge";
import { errorResponse } from "../errors";
import { clientIp, type Api, type ApiEnv, type ApiOptions } from "./api-env";
import type { RateLimiter } from "./rate-limiter";

/** How long an account's failed sign-ins are remembered: also the longest its owner can be kept out at once. */
const SIGN_IN_ACCOUNT_WINDOW_MS = 15 * 60_000;

const jwtRoute = createRoute({
  method: "post",
  path: "/jwt",
  summary: "A bearer token for the signed-in caller",
  description:
    "Answers only to an authenticated caller (session cookie or bearer token), with a token for that caller's own session.",
  request: {
    body: {
      required: false,
      content: {
        "application/json": {
          schema: z.object({
            email: textField()
              .max(254)
              .optional()
              .describe("Sent by the specification's client, which got a token for it; ignored now."),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The caller's token",
      content: { "application/json": { schema: z.object({ token: z.string() }) } },
    },
    401: errorResponse("Not signed in"),
  },
});

/**
 * better-auth's own endpoints (sign-up, sign-in, sign-out, session, password reset, profile)
 * under /api/auth, and the specification's token call (docs/specification-quirks.md §10).
 */
export function registerAuthRoutes(
  api: Api,
  options: Pick<ApiOptions, "trustedProxies" | "signInsPerAccount" | "rateLimiters">,
) {
  // The admin plugin's HTTP endpoints would bypass our rules (self-deletion, the last admin):
  // users are administered through /api/user only.
  api.all("/auth/admin/*", () => {
    throw notFound("API route");
  });

  // One count per account for both steps of a sign-in: the password, then the authenticator's code.
  const limiter = options.rateLimiters("sign-in-account", {
    max: options.signInsPerAccount,
    windowMs: SIGN_IN_ACCOUNT_WINDOW_MS,
  });
  api.post("/auth/sign-in/email", limitSignInsPerAccount(limiter));
  for (const step of TWO_FACTOR_STEPS) api.post(`/auth/two-factor/${step}`, limitCodesPerAccount(limiter));
  // While the shop requires two-factor sign-in of the team, a team account keeps it on.
  api.post("/auth/two-factor/disable", async (c, next) => {
    const actor = await c.var.actor();
    if (actor && (await c.var.services.security.twoFactorStatus(actor)).required)
      throw new AppError("forbidden", "The shop requires two-factor sign-in for your role.");
    await next();
  });
  api.on(["GET", "POST"], "/auth/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.delete(CLIENT_IP_HEADER);
    const ip = clientIp(c, options.trustedProxies);
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    // better-auth reads a POST's body from a Request of its own: the bytes the API has read and
    // checked already (too large, nested too deep: body-limit.ts).
    const body = c.req.method === "POST" ? await c.req.arrayBuffer() : undefined;
    return c.var.services.auth.handler(new Request(c.req.raw, { headers, body }));
  });

  api.openapi(jwtRoute, async (c) => {
    requireActor(await c.var.actor());
    const session = await c.var.services.auth.api.getSession({ headers: c.req.raw.headers });
    return c.json({ token: session!.session.token }, 200);
  });
}

/**
 * Sign-in attempts per account (the e-mail, lower-cased), beside better-auth's per address: guesses
 * spread over many addresses still run out. An attempt is counted before its password is checked,
 * so simultaneous guesses cannot all slip in while the hashes are computed, and taken back when it
 * signs in: what is limited is failures. While an account is refused its owner's existing sessions
 * go on; a new sign-in waits for the window to end (at most SIGN_IN_ACCOUNT_WINDOW_MS).
 */
function limitSignInsPerAccount(limiter: RateLimiter): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const email = await signInEmail(c.req.raw);
    // A body without an e-mail is better-auth's to refuse.
    if (!email) return next();
    const refused = await countAttempt(c, limiter, email);
    if (refused) return refused;
    await next();
    // The right password of an account with two-factor sign-in is half a sign-in: it stays counted
    // until the code is right, so a thief with the password cannot clear the count between guesses.
    if (c.res.ok && !(await waitsForCode(c.res))) await limiter.forgive(email);
  };
}

/** The two-factor plugin's steps that take a code to finish a sign-in (otp is not configured: refused). */
const TWO_FACTOR_STEPS = ["verify-totp", "verify-backup-code", "verify-otp"] as const;

/**
 * A code given to finish a sign-in counts against the account, as a password does: a wrong code
 * stays counted; the right one takes back its own count and the password's.
 */
function limitCodesPerAccount(limiter: RateLimiter): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const { auth, dependencies } = c.var.services;
    const email = await pendingSignInEmail(auth, dependencies.database.db, c.req.raw.headers);
    // Confirming a new authenticator while signed in is no sign-in; anything else better-auth refuses.
    if (!email) return next();
    const refused = await countAttempt(c, limiter, email);
    if (refused) return refused;
    await next();
    if (c.res.ok) {
      await limiter.forgive(email);
      await limiter.forgive(email);
    }
  };
}

async function countAttempt(c: Context<ApiEnv>, limiter: RateLimiter, email: string): Promise<Response | undefined> {
  const verdict = await limiter.hit(email);
  if (verdict.allowed) return undefined;
  c.header("Retry-After", String(verdict.retryAfterSeconds));
  return c.json(
    { code: ACCOUNT_SIGN_INS_LIMITED, message: accountSignInsLimitedMessage(verdict.retryAfterSeconds) },
    429,
  );
}

/** Whether a sign-in's answer asks for the authenticator's code (better-auth's twoFactorRedirect). */
async function waitsForCode(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  return typeof body === "object" && body !== null && "twoFactorRedirect" in body && body.twoFactorRedirect === true;
}

/**
 * The e-mail a sign-in names. Only JSON reaches here: the request guard (server/request-guard.ts)
 * refuses every other body on /api, the URL-encoded form better-auth would also read included.
 */
async function signInEmail(request: Request): Promise<string | undefined> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined);
  const email = typeof body === "object" && body !== null && "email" in body ? body.email : undefined;
  return typeof email === "string" && email.trim() ? email.trim().toLowerCase() : undefined;
}
