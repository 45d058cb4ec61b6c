import { pageLanguageHeaders } from "~/lib/page-locale";
import type { AuthFailure } from "./auth-messages";

/** A better-auth endpoint's answer: its JSON on success, or the failure. */
export type AuthAnswer = { ok: true; data: Record<string, unknown> } | { ok: false; failure: AuthFailure };

/** POSTs to a better-auth endpoint and reads its answer. */
export async function authCall(path: string, body: unknown): Promise<AuthAnswer> {
  try {
    const response = await fetch(`/api/auth/${path}`, {
      method: "POST",
      // A sign-up or a reset from /es: the account's e-mail in Spanish (auth.ts accountLocale).
      headers: { "Content-Type": "application/json", ...pageLanguageHeaders() },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    const payload = (await response.json().catch(() => ({}))) as Record<string, unknown> | null;
    if (response.ok) return { ok: true, data: payload ?? {} };
    const { code, message } = (payload ?? {}) as { code?: string; message?: string };
    return { ok: false, failure: { status: response.status, code, message } };
  } catch {
    return {
      ok: false,
      failure: { status: 0, message: "We couldn't reach the server. Check your connection and try again." },
    };
  }
}

/** POSTs to a better-auth endpoint; resolves with the failure, or null on success. */
export async function authRequest(path: string, body: unknown): Promise<AuthFailure | null> {
  const answer = await authCall(path, body);
  return answer.ok ? null : answer.failure;
}
