import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { emailOptOuts, outbox } from "~/.server/db/schema";
import { requireActor, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import {
  CONSENT_KINDS,
  CONSENT_TEMPLATES,
  consentKindOf,
  type ConsentChange,
  type ConsentChoices,
  type ConsentKind,
} from "./consent.schema";

type Executor = Pick<Database, "insert" | "delete">;

/** Every check compares addresses in lower case (email_opt_outs keeps them so). */
const normal = (email: string) => email.trim().toLowerCase();

/**
 * Stops a kind for an address: the row says "no" to every process's sweep (optedOut in
 * consent-links.server.ts), and the messages of that kind still queued to the address go. The
 * insert does nothing when the row is there, so twice, or twenty times at once, leave one row.
 */
async function stop(executor: Executor, address: string, kind: ConsentKind): Promise<number> {
  await executor.insert(emailOptOuts).values({ email: address, kind }).onConflictDoNothing();
  const withdrawn = await executor
    .delete(outbox)
    .where(
      and(
        eq(outbox.state, "queued"),
        inArray(outbox.template, [...CONSENT_TEMPLATES[kind]]),
        sql`lower(${outbox.to}) = ${address}`,
      ),
    )
    .returning({ id: outbox.id });
  return withdrawn.length;
}

async function resume(executor: Executor, address: string, kind: ConsentKind) {
  await executor.delete(emailOptOuts).where(and(eq(emailOptOuts.email, address), eq(emailOptOuts.kind, kind)));
}

/**
 * Which of the shop's own messages (consent.schema.ts) an address gets. Booking e-mails are never
 * stopped here: their templates belong to no kind.
 */
export function createConsent(db: Database) {
  async function choices(email: string): Promise<ConsentChoices> {
    const stopped = await db
      .select({ kind: emailOptOuts.kind })
      .from(emailOptOuts)
      .where(eq(emailOptOuts.email, normal(email)));
    return Object.fromEntries(
      CONSENT_KINDS.map((kind) => [kind, !stopped.some((row) => row.kind === kind)]),
    ) as ConsentChoices;
  }

  return {
    choices,

    /** One click (RFC 8058) or the link's page: answers how many queued messages were withdrawn. */
    async optOut(email: string, kind: ConsentKind): Promise<{ withdrawn: number }> {
      return db.transaction(async (tx) => ({ withdrawn: await stop(tx, normal(email), kind) }));
    },

    /** The link's page again ("Changed your mind?"): the same link that stopped the kind starts it. */
    async optIn(email: string, kind: ConsentKind): Promise<void> {
      await resume(db, normal(email), kind);
    },

    /** GET /api/me/email-choices: the signed-in account's address. */
    async myChoices(actor: Actor | null): Promise<ConsentChoices> {
      return choices(requireActor(actor).email);
    },

    /**
     * PUT /api/me/email-choices. Turning a kind back on needs an address the member has proved is
     * theirs: otherwise anyone could sign up with an address whose owner said "no" and say "yes"
     * for them. Turning one off, or sending what is already so, needs nothing more.
     */
    async setMyChoices(actor: Actor | null, change: ConsentChange): Promise<ConsentChoices> {
      const caller = requireActor(actor);
      const address = normal(caller.email);
      const current = await choices(address);
      const turnedOn = CONSENT_KINDS.filter((kind) => change[kind] === true && !current[kind]);
      if (turnedOn.length > 0 && !caller.emailVerified)
        throw new AppError(
          "forbidden",
          "Please confirm your e-mail address first (open the link we sent you): then you can turn these e-mails back on.",
        );
      await db.transaction(async (tx) => {
        for (const kind of CONSENT_KINDS) {
          if (change[kind] === false) await stop(tx, address, kind);
          else if (change[kind] === true) await resume(tx, address, kind);
        }
      });
      return choices(address);
    },

    /**
     * Whether the outbox worker must hold a message back: one of the shop's own, to an address that
     * stopped its kind after it was queued (a sweep that read "yes" a moment before the "no").
     */
    async withheld(message: { to: string; template: string | null }): Promise<boolean> {
      const kind = consentKindOf(message.template);
      if (!kind) return false;
      const [row] = await db
        .select({ kind: emailOptOuts.kind })
        .from(emailOptOuts)
        .where(and(eq(emailOptOuts.email, normal(message.to)), eq(emailOptOuts.kind, kind)));
      return row !== undefined;
    },
  };
}

export type Consent = ReturnType<typeof createConsent>;
