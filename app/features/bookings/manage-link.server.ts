import { createHmac, timingSafeEqual } from "node:crypto";

/** 32 base64url characters: 192 bits of the HMAC, far beyond guessing. */
const MAC_LENGTH = 32;
const TOKEN = /^([0-9a-f]{24})\.([A-Za-z0-9_-]{32})$/;

/**
 * Manage links: `<booking id>.<HMAC-SHA256(secret, "manage:" + id)>`, so a link names one booking
 * and only the server, holding the secret, can write one. Nothing is stored: a booking's link is
 * the same in every e-mail, and changing the secret (AUTH_SECRET) retires every link at once.
 */
export function createManageLinks(secret: string) {
  const mac = (id: string) =>
    createHmac("sha256", secret).update(`manage:${id}`).digest("base64url").slice(0, MAC_LENGTH);

  // A new booking's token goes into each of its e-mails and its answer: made once.
  let last = { id: "", token: "" };
  function manageToken(id: string): string {
    if (last.id !== id) last = { id, token: `${id}.${mac(id)}` };
    return last.token;
  }

  return {
    manageToken,

    /** The booking a token names, or null for anything the server did not write (one character changed included). */
    bookingIdFromToken(token: string): string | null {
      const parts = TOKEN.exec(token);
      if (!parts) return null;
      const [, id, given] = parts as unknown as [string, string, string];
      // Compared in constant time, so the answer's timing tells nothing about how much of a guess was right.
      return timingSafeEqual(Buffer.from(given), Buffer.from(mac(id))) ? id : null;
    },

    /** The page where the booking's holder sees, cancels or reschedules it. */
    manageUrl(publicUrl: string, id: string): string {
      return `${publicUrl.replace(/\/+$/, "")}/booking/manage/${manageToken(id)}`;
    },
  };
}

export type ManageLinks = ReturnType<typeof createManageLinks>;
