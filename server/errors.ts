import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { AppError, isAppError, type AppErrorCode } from "~/lib/app-error";
import { causeChain } from "~/.server/db/database-error";
import { log } from "~/.server/log";
import { apiFieldsIn, apiMessageIn } from "~/.server/api-messages/api-messages";
import { requestLanguage } from "./request-language";

const STATUS_BY_CODE: Record<AppErrorCode, ContentfulStatusCode> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
};

export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional().describe("a message per invalid field"),
    }),
  })
  .openapi("Error");

/** An error answer in a route's OpenAPI description. */
export const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: errorBodySchema } },
});
/** The refusals of every admin-only route. */
export const adminErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not an admin") };

export function errorBody(code: string, message: string, fields?: Record<string, string>) {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** One place that turns any thrown error into the API's error body and a real status. */
export async function handleApiError(thrown: Error, c: Context) {
  // Hono's body validators throw a bare 400 when a body does not parse as its declared type.
  const error =
    thrown instanceof HTTPException && thrown.status === 400
      ? unreadableBody(c)
      : (unstorableValue(thrown) ?? accountGone(thrown) ?? thrown);
  if (isAppError(error)) {
    // In the page's language where a customer's page shows it (issue 49); English otherwise, as it is.
    const locale = await requestLanguage(c);
    const fields = error.fields && apiFieldsIn(locale, error.fields);
    return c.json(errorBody(error.code, apiMessageIn(locale, error.message), fields), STATUS_BY_CODE[error.code]);
  }
  if (error instanceof HTTPException) {
    return c.json(errorBody("http_error", error.message || "Request refused."), error.status as ContentfulStatusCode);
  }
  log.error("request failed", { requestId: c.get("requestId"), method: c.req.method, path: c.req.path, error });
  return c.json(errorBody("internal", "Something went wrong. Please try again."), 500);
}

/*
 * PostgreSQL's refusals of a value itself: a NUL or invalid UTF-8 (22021), a NUL in JSON (22P05),
 * a date or number out of its type's range (22008, 22007, 22003), text that is not the column's
 * type (22P02), too long for it (22001). The schemas refuse these first, with each field's message;
 * this is the last line, so a field someone forgot is a 400, never a 500.
 */
const UNSTORABLE_VALUE_CODES = new Set(["22021", "22P05", "22008", "22007", "22003", "22P02", "22001"]);

function unstorableValue(error: unknown): AppError | undefined {
  for (const e of causeChain(error)) {
    if (typeof e.code === "string" && UNSTORABLE_VALUE_CODES.has(e.code)) {
      log.warn("a value reached the database unvalidated", { error: e.message });
      return new AppError("validation_failed", "A value in the request cannot be stored. Please check what you sent.");
    }
  }
  return undefined;
}

/**
 * A write naming an account that was deleted while it was on its way (a booking, a vehicle, a
 * waitlist place sent as the member deleted their account: docs/decisions/036). The deletion locks
 * the account's row, so the write waits for it and the foreign key to users then refuses it (23503):
 * the caller is no longer signed in, as their next request would be told.
 */
function accountGone(error: unknown): AppError | undefined {
  for (const e of causeChain(error)) {
    const constraint = e.constraint ?? e.message ?? "";
    if (e.code === "23503" && /_user_id_users_id_fk/.test(constraint))
      return new AppError("unauthorized", "Please log in.");
  }
  return undefined;
}

/** A body that does not parse is invalid input like any other, answered with what the route expected. */
function unreadableBody(c: Context): AppError {
  const multipart = c.req.header("content-type")?.toLowerCase().startsWith("multipart/form-data");
  return new AppError(
    "validation_failed",
    multipart ? "Send the file as multipart/form-data." : "The request body must be JSON.",
  );
}

/** Turns zod issues into the field messages forms show under each input. */
export function fieldMessages(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    fields[key] ??= issue.message;
  }
  return fields;
}
