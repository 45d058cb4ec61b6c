import { createSigner } from "~/.server/signed-token";

/**
 * The waitlist's signed links (issue 29): an offer's (its id, purpose "waitlist-offer") and an
 * entry's leave link (its id, purpose "waitlist-leave"). Nothing is stored; one changed character,
 * or another purpose's token, reads as no link.
 */
export function createWaitlistLinks(secret: string, publicUrl: string) {
  const offers = createSigner(secret, "waitlist-offer");
  const leaves = createSigner(secret, "waitlist-leave");
  const base = publicUrl.replace(/\/+$/, "");
  const id = (payload: string | null) => (payload !== null && /^[a-f0-9]{24}$/.test(payload) ? payload : null);
  return {
    offerToken: (offerId: string) => offers.sign(offerId),
    offerUrl: (offerId: string) => `${base}/waitlist/offer/${offers.sign(offerId)}`,
    offerIdFromToken: (token: string) => id(offers.verify(token)),
    leaveToken: (entryId: string) => leaves.sign(entryId),
    leaveUrl: (entryId: string) => `${base}/waitlist/leave/${leaves.sign(entryId)}`,
    entryIdFromToken: (token: string) => id(leaves.verify(token)),
  };
}

export type WaitlistLinks = ReturnType<typeof createWaitlistLinks>;
