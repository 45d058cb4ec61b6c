/** An expected failure with a stable code; the API maps codes to HTTP statuses. */
export type AppErrorCode =
  | "validation_failed"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  /** A link that was real and is no more: used, expired or withdrawn (410). */
  | "gone"
  | "payload_too_large"
  | "rate_limited";

// The server bundle and React Router's server build each hold a copy of this class, so
// `instanceof` fails across them; a registered symbol marks an AppError in either copy.
const BRAND = Symbol.for("car-wash.app-error");

export class AppError extends Error {
  readonly [BRAND] = true;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return (
    typeof error === "object" &&
    error !== null &&
    BRAND in error &&
    (code === undefined || (error as AppError).code === code)
  );
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found.`);
