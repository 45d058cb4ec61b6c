import type { RouteConfig } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { requireActor, requireJob } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { leastRole, OPERATIONS, type Access, type Operation } from "~/lib/permissions";
import { SESSION_COOKIE_PREFIX } from "~/lib/session-cookie";
import type { Api, ApiEnv } from "./api-env";

/** How a client proves who it is, as the OpenAPI document names the ways (components.securitySchemes). */
const SECURITY_SCHEMES = {
  session: {
    type: "apiKey",
    in: "cookie",
    name: `${SESSION_COOKIE_PREFIX}.session_token`,
    description: "The session cookie set by /api/auth/sign-in/email (named with __Secure- before it over HTTPS).",
  },
  bearer: {
    type: "http",
    scheme: "bearer",
    description: "A session token from POST /api/jwt or the sign-in's set-auth-token header.",
  },
  backupToken: {
    type: "apiKey",
    in: "header",
    name: "X-Backup-Token",
    description: "`npm run backup` on the server's own machine (BACKUP_TOKEN).",
  },
} as const;

export const TWO_FACTOR_FIRST = "The shop requires two-factor sign-in: set it up on Two-factor sign-in first.";

const WHO: Record<string, string> = {
  public: "anyone, signed in or not",
  member: "any signed-in account (each sees its own)",
  staff: "staff, managers and admins",
  manager: "managers and admins",
  admin: "admins only",
};

/** The OpenAPI `security` of an operation: none for a public one, else the session or a bearer token. */
function securityOf(row: Operation): Record<string, string[]>[] {
  if (row.access === "public") return [];
  const signedIn: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];
  return row.backupToken ? [...signedIn, { backupToken: [] }] : signedIn;
}

/**
 * The first line of every operation: refuses a visitor (401) or a role without the job (403) before
 * the body is even read, so nobody learns how a route validates input it may not send. The
 * services check the job again: this is the first line, not the only one.
 */
function guardFor(access: Access): MiddlewareHandler<ApiEnv> | null {
  if (access === "public") return null;
  if (access === "signedIn")
    return async (c, next) => {
      requireActor(await c.var.actor());
      await next();
    };
  return async (c, next) => {
    const actor = requireJob(await c.var.actor(), access);
    // The shop's work waits, through the API as on the pages, until a required second factor is set
    // up; the owner's security settings stay open, so the requirement can always be turned off.
    if (access !== "security" && (await c.var.services.security.mustSetUpTwoFactor(actor)))
      throw new AppError("forbidden", TWO_FACTOR_FIRST);
    await next();
  };
}

/** The route as the permission table says: its operationId, security, least role and guard. */
export function withAccess<R extends RouteConfig>(route: R): R {
  const key = `${route.method.toUpperCase()} ${route.path}`;
  const row = (OPERATIONS as Record<string, Operation>)[key];
  if (!row) throw new Error(`${key} has no row in app/lib/permissions.ts: say who may call it.`);
  const guard = row.backupToken ? null : guardFor(row.access);
  const middleware = [guard, ...[route.middleware ?? []].flat()].filter((m) => m !== null);
  const least = leastRole(row.access) ?? "public";
  return {
    ...route,
    operationId: row.id,
    security: securityOf(row),
    middleware,
    description: [route.description, `Who may call it: ${WHO[least]}.`].filter(Boolean).join("\n\n"),
    "x-least-role": least,
  };
}

/**
 * Every route registered on `api` from here on goes through the permission table; one without a
 * row stops the server at start (and fails the access test), so none is left unguarded.
 */
export function guardOperations(api: Api): void {
  api.openAPIRegistry.registerComponent("securitySchemes", "session", SECURITY_SCHEMES.session);
  api.openAPIRegistry.registerComponent("securitySchemes", "bearer", SECURITY_SCHEMES.bearer);
  api.openAPIRegistry.registerComponent("securitySchemes", "backupToken", SECURITY_SCHEMES.backupToken);
  const register = api.openapi.bind(api);
  api.openapi = ((route, handler, hook) => register(withAccess(route), handler, hook)) as Api["openapi"];
}
