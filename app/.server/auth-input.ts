import { APIError, createAuthMiddleware } from "better-auth/api";
import type { z } from "zod";
import { personName, photoUrl } from "~/features/users/users.schema";
import { MAX_JSON_DEPTH } from "~/lib/json-depth";
import { isPlainText, PLAIN_TEXT_MESSAGE } from "~/lib/text-field";

/** The longest string better-auth is sent: a web address (a name, an e-mail, a password are far shorter). */
const MAX_STRING = 2048;

/** Endpoints of better-auth that store a user's name and image. */
const PROFILE_PATHS = new Set(["/sign-up/email", "/update-user"]);

/**
 * better-auth's own checks on its endpoints, before each one runs: every string it is sent must
 * be text (a NUL reaches PostgreSQL as a 500, even in a token it only looks up), and the name and
 * image it stores follow the product's rules, as the profile form's do. The name is stored trimmed.
 */
export const checkAuthInput = createAuthMiddleware(async (ctx) => {
  const body: unknown = ctx.body;
  for (const input of [body, ctx.query, ctx.params]) {
    const bad = firstBadString(ctx.path, "", input);
    if (bad !== undefined) throw badRequest(`${bad.key || "request"}: ${bad.message}`);
  }
  if (!PROFILE_PATHS.has(ctx.path)) return;
  const fields = isRecord(body) ? body : {};
  const changes: Record<string, unknown> = {};
  if (ctx.path === "/sign-up/email" || "name" in fields) changes.name = parseOrRefuse(personName, fields.name);
  if ("image" in fields && fields.image !== undefined) changes.image = parseOrRefuse(photoUrl, fields.image);
  return { context: { body: { ...fields, ...changes } } };
});

/** Passwords a person already has are only compared, never stored: one with a tab must still sign in. */
const isExistingPassword = (path: string, key: string) =>
  key === "currentPassword" || (key === "password" && path !== "/sign-up/email");

interface BadString {
  key: string;
  message: string;
}

/**
 * The first string that is too long or not text; undefined when all are fine. The API refuses a
 * body nested past MAX_JSON_DEPTH before this runs; the bound here keeps the walk itself safe
 * whoever calls it (a body 4,000 deep overflowed the stack and answered 500).
 */
function firstBadString(path: string, key: string, value: unknown, depth = 0): BadString | undefined {
  if (depth > MAX_JSON_DEPTH) return { key, message: `Nested more than ${MAX_JSON_DEPTH} levels deep` };
  if (typeof value === "string") {
    if (value.length > MAX_STRING) return { key, message: `At most ${MAX_STRING} characters` };
    return isExistingPassword(path, key) || isPlainText(value) ? undefined : { key, message: PLAIN_TEXT_MESSAGE };
  }
  const entries = Array.isArray(value)
    ? value.map((item) => [key, item] as const)
    : isRecord(value)
      ? Object.entries(value)
      : [];
  for (const [name, item] of entries) {
    const bad = isPlainText(name)
      ? firstBadString(path, name, item, depth + 1)
      : { key: "field", message: PLAIN_TEXT_MESSAGE };
    if (bad) return bad;
  }
  return undefined;
}

function parseOrRefuse<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(result.error.issues[0]!.message);
  return result.data;
}

const badRequest = (message: string) => new APIError("BAD_REQUEST", { message });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
