import { createSigner } from "~/.server/signed-token";
import { isObjectId } from "~/lib/object-id";

/**
 * Review links: `<booking id>.<HMAC>` signed for the purpose "review" (~/.server/signed-token.ts),
 * so a link names one visit, only the server can write one, and no manage link opens a review page.
 */
export function createReviewLinks(secret: string, publicUrl: string) {
  const signer = createSigner(secret, "review");
  const origin = publicUrl.replace(/\/+$/, "");
  return {
    token: (bookingId: string) => signer.sign(bookingId),
    /** The page the review request's button opens. */
    url: (bookingId: string) => `${origin}/review/${signer.sign(bookingId)}`,
    /** The visit a token names, or null for anything the server did not write (one character changed included). */
    bookingId(token: string): string | null {
      const id = signer.verify(token);
      return id !== null && isObjectId(id) ? id : null;
    },
  };
}

export type ReviewLinks = ReturnType<typeof createReviewLinks>;
