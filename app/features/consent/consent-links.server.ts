import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { emailOptOuts } from "~/.server/db/schema";
import { createSigner } from "~/.server/signed-token";
import { isConsentKind, type ConsentKind } from "./consent.schema";

export { unsubscribeParagraph } from "./unsubscribe-email-words";

/**
 * Unsubscribe links: the kind and the address, signed (~/.server/signed-token.ts), so a link stops
 * one kind of message for one address and nobody can write one for another address.
 */
export function createUnsubscribeLinks(secret: string, publicUrl: string) {
  const signer = createSigner(secret, "unsubscribe");
  const origin = publicUrl.replace(/\/+$/, "");
  return {
    token(email: string, kind: ConsentKind): string {
      return signer.sign(Buffer.from(`${kind} ${email.toLowerCase()}`).toString("base64url"));
    },
    /** The page a link in the text opens, and the address RFC 8058's one-click POST goes to. */
    url(email: string, kind: ConsentKind): string {
      return `${origin}/unsubscribe/${this.token(email, kind)}`;
    },
    /** What a token stops, or null for anything the server did not write. */
    read(token: string): { email: string; kind: ConsentKind } | null {
      const payload = signer.verify(token);
      if (payload === null) return null;
      const [kind, email] = Buffer.from(payload, "base64url").toString().split(" ", 2) as [string, string?];
      return isConsentKind(kind) && email ? { email, kind } : null;
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;

/** RFC 8058: mail clients show an Unsubscribe button that POSTs "List-Unsubscribe=One-Click" to the URL. */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** True where the address (a column or value) has stopped this kind: every sweep asks in its query. */
export function optedOut(email: AnyPgColumn | SQL, kind: ConsentKind): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${emailOptOuts} where ${emailOptOuts.email} = lower(${email}) and ${emailOptOuts.kind} = ${kind})`;
}
