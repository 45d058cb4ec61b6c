import { createSigner } from "~/.server/signed-token";

const BOOKING_ID = /^[0-9a-f]{24}$/;

/**
 * Manage links: `<booking id>.<HMAC>` (a signed token, ~/.server/signed-token.ts), so a link names
 * one booking and only the server, holding the secret, can write one. A booking's link is the same
 * in every e-mail.
 */
export function createManageLinks(secret: string) {
  const signer = createSigner(secret, "manage");

  // A new booking's token goes into each of its e-mails and its answer: made once.
  let last = { id: "", token: "" };
  function manageToken(id: string): string {
    if (last.id !== id) last = { id, token: signer.sign(id) };
    return last.token;
  }

  return {
    manageToken,

    /** The booking a token names, or null for anything the server did not write (one character changed included). */
    bookingIdFromToken(token: string): string | null {
      const id = signer.verify(token);
      return id !== null && BOOKING_ID.test(id) ? id : null;
    },

    /** The page where the booking's holder sees, cancels or reschedules it. */
    manageUrl(publicUrl: string, id: string): string {
      return `${publicUrl.replace(/\/+$/, "")}/booking/manage/${manageToken(id)}`;
    },
  };
}

export type ManageLinks = ReturnType<typeof createManageLinks>;
