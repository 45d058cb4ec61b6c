import { pageLanguageHeaders, pageLocale, withPageLocale } from "./page-locale";

/**
 * The browser's calls to our API. Any 401 means the session is gone: the client signs out
 * and goes to /login, then back here (specification: docs/specification-quirks.md §11).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** What to tell the user of a failed call: the API's own message, or the fallback when there is none. */
export function apiErrorMessage(error: unknown, fallback = "Please try again."): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const locale = pageLocale();
  const json = withPageLocale(path, init.method, init.json, locale);
  const { json: _, ...rest } = init;
  const headers = new Headers(rest.headers);
  for (const [name, value] of Object.entries(pageLanguageHeaders(locale))) headers.set(name, value);
  if (json !== undefined) headers.set("Content-Type", "application/json");
  let response: Response;
  try {
    response = await fetch(path, {
      ...rest,
      headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(0, "We couldn't reach the server. Check your connection and try again.");
  }
  const body = await response.json().catch(() => undefined);
  if (response.status === 401 && !path.startsWith("/api/auth/")) {
    await signOut();
    const here = window.location.pathname + window.location.search;
    window.location.assign(`/login?redirectTo=${encodeURIComponent(here)}`);
  }
  if (!response.ok) {
    const error = body?.error ?? body;
    throw new ApiError(response.status, error?.message ?? "", error?.code, error?.fields);
  }
  return body as T;
}

export async function signOut(): Promise<void> {
  await fetch("/api/auth/sign-out", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  }).catch(() => undefined);
}
