import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { safeRedirect } from "~/lib/safe-redirect";

/** Where better-auth's endpoints take a return path from the request (reset, verification, sign-in links). */
const RETURN_PATH_FIELDS = ["callbackURL", "redirectTo", "errorCallbackURL", "newUserCallbackURL"] as const;

type Fields = Record<string, unknown> | undefined;

function withSafeReturnPaths(fields: Fields): Fields {
  if (!fields || typeof fields !== "object") return undefined;
  const present = RETURN_PATH_FIELDS.filter((key) => typeof fields[key] === "string");
  if (present.length === 0) return undefined;
  return { ...fields, ...Object.fromEntries(present.map((key) => [key, safeRedirect(fields[key] as string)])) };
}

/**
 * Rules better-auth's own endpoints must keep, enforced on the server whatever the client sends:
 * - every return path in a body or query goes through the site's one check (`safeRedirect`), so
 *   a reset or verification link can only lead to a path on this site;
 * - a password change signs out the account's other sessions (someone who learnt the old
 *   password loses the session they opened with it); a reset signs out all of them
 *   (`revokeSessionsOnPasswordReset` in auth.ts).
 */
export function authGuards(): BetterAuthPlugin {
  return {
    id: "car-wash-auth-guards",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const body = withSafeReturnPaths(ctx.body);
            const query = withSafeReturnPaths(ctx.query);
            if (body || query) return { context: { ...(body && { body }), ...(query && { query }) } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => ({
            context: { body: { ...ctx.body, revokeOtherSessions: true } },
          })),
        },
      ],
    },
  };
}
