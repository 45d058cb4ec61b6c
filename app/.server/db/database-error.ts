/** What PostgreSQL (or PGlite) says about a failed statement, as far as the driver passes it on. */
export interface DatabaseError {
  code?: unknown;
  constraint?: string;
  message?: string;
}

/**
 * The error and every error it was caused by: Drizzle wraps the driver's error (which carries
 * PostgreSQL's code and constraint) in its own, so a check must look down the chain.
 */
export function* causeChain(error: unknown): Generator<DatabaseError> {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) yield e as DatabaseError;
}
