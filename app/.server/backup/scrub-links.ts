import { open } from "node:fs/promises";
import { GIFT_CODE_MARKER } from "~/features/till/till.schema";

/**
 * The account links an e-mail in the outbox may hold, whose token signs someone in or proves an
 * address: better-auth's password reset (`…/reset-password/<token>?…`) and address confirmation
 * (`…/verify-email?token=<jwt>`), and an invitation to the team (`…/invite/<token>`, issue 45: with
 * an account signed up for the invited address it gives that role, admin included). The outbox
 * travels in a backup (admins read what was sent), so these tokens are overwritten in dump.sql
 * (decision 044): a leaked archive opens no account and makes nobody an admin. (The invitations
 * table keeps only each token's SHA-256, so its rows travel as they are.) A gift card's code in its
 * e-mail is stored behind GIFT_CODE_MARKER and scrubbed the same way: it spends the card.
 */
const MARKERS = ["/reset-password/", "/verify-email?token=", "/invite/", GIFT_CODE_MARKER].map((marker) =>
  Buffer.from(marker),
);
/** A token's characters: base64url and a JWT's dots. Each is overwritten by an "x", in place. */
const TOKEN_BYTE = /[A-Za-z0-9_.-]/;
const X = "x".charCodeAt(0);
/** More than a marker and a token are long: a match starting in one window ends in it. */
const OVERLAP = 4096;
const WINDOW = 1 << 20;

/** Overwrites every link token in `bytes`, keeping its length (the SQL stays valid); how many. */
export function scrubLinkTokens(bytes: Buffer): number {
  let count = 0;
  for (const marker of MARKERS) {
    for (let at = bytes.indexOf(marker); at !== -1; at = bytes.indexOf(marker, at + 1)) {
      let end = at + marker.length;
      while (end < bytes.length && TOKEN_BYTE.test(String.fromCharCode(bytes[end]!))) bytes[end++] = X;
      if (end > at + marker.length) count++;
    }
  }
  return count;
}

/**
 * scrubLinkTokens over a file, a window at a time (a dump of a million bookings is 370 MB): each
 * window reaches OVERLAP bytes into the next, so a token across a window's end is scrubbed whole.
 */
export async function scrubLinkTokensInFile(file: string): Promise<void> {
  const handle = await open(file, "r+");
  try {
    const { size } = await handle.stat();
    const buffer = Buffer.alloc(WINDOW + OVERLAP);
    for (let start = 0; start < size; start += WINDOW) {
      const { bytesRead } = await handle.read(buffer, 0, Math.min(WINDOW + OVERLAP, size - start), start);
      const window = buffer.subarray(0, bytesRead);
      if (scrubLinkTokens(window)) await handle.write(window, 0, bytesRead, start);
    }
  } finally {
    await handle.close();
  }
}
