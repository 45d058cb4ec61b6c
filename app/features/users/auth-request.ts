import type { AuthFailure } from "./auth-messages";

/** POSTs to a better-auth endpoint; resolves with the failure, or null on success. */
export async function authRequest(path: string, body: unknown): Promise<AuthFailure | null> {
  try {
    const response = await fetch(`/api/auth/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    if (response.ok) return null;
    const payload = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
    return { status: response.status, code: payload.code, message: payload.message };
  } catch {
    return { status: 0, message: "We couldn't reach the server. Check your connection and try again." };
  }
}
