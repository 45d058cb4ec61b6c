import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";

/** 32 base64url characters: 192 bits of the HMAC, far beyond guessing. */
const MAC_LENGTH = 32;
const TOKEN = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{32})$/;

/**
 * Links only the server can write: `<payload>.<HMAC-SHA256(secret, purpose + ":" + payload)>`. The
 * purpose keeps one kind of link from opening another's page (a manage link is no review link).
 * Nothing is stored: the same payload always gives the same token, and changing the secret
 * (AUTH_SECRET) retires every link at once. Payloads are URL-safe: a booking's id, or base64url.
 */
export function createSigner(secret: string, purpose: string) {
  // The key made once: a string key is encoded again on every HMAC (a customer's list signs 25).
  const key = createSecretKey(Buffer.from(secret, "utf8"));
  const mac = (payload: string) =>
    createHmac("sha256", key).update(`${purpose}:${payload}`).digest("base64url").slice(0, MAC_LENGTH);

  return {
    sign(payload: string): string {
      if (!/^[A-Za-z0-9_-]{1,400}$/.test(payload)) throw new Error("A signed payload is URL-safe and short.");
      return `${payload}.${mac(payload)}`;
    },
    /** The payload of a token the server wrote, or null for anything else (one character changed included). */
    verify(token: string): string | null {
      const parts = TOKEN.exec(token);
      if (!parts) return null;
      const [, payload, given] = parts as unknown as [string, string, string];
      // Compared in constant time, so the answer's timing tells nothing about how much of a guess was right.
      return timingSafeEqual(Buffer.from(given), Buffer.from(mac(payload))) ? payload : null;
    },
  };
}

export type Signer = ReturnType<typeof createSigner>;
