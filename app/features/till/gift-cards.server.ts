import { createHash } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Database } from "~/.server/db/client";
import { giftCards, payments, type GiftCardRow } from "~/.server/db/schema";
import type { Mailer } from "~/.server/mail/mailer";
import { auditActor, recordChange } from "~/.server/audit/audit-log";
import { requireJob, type Actor } from "~/lib/access";
import { AppError } from "~/lib/app-error";
import { newObjectId } from "~/lib/object-id";
import { randomBytes } from "~/lib/random-bytes";
import { giftCardEmail } from "./till-emails";
import { formatMoney, toCents, toDollars, type GiftCardSale } from "./till.schema";

/**
 * Gift cards (issue 46): sold at the counter, spent as the method "gift-card" with the code as the
 * reference. The code is never stored, only its SHA-256 (decision 054); the balance is kept by one
 * conditional UPDATE in the payment's transaction, so two tills spending one card at once cannot
 * take it below zero: the second finds too little and is refused.
 */

/** Crockford's base 32: no I, L, O or U, so a code read aloud or copied from paper is not misread. */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_LENGTH = 16;

/** A new code, "K7QX-M4KD-99TR-B2HF": 80 random bits, in four groups a person can type. */
export function newGiftCardCode(): string {
  const chars = [...randomBytes(CODE_LENGTH)].map((byte) => ALPHABET[byte & 31]).join("");
  return chars.match(/.{4}/g)!.join("-");
}

/** A code as typed, as it was made: upper case, no spaces or dashes, O read as 0 and I or L as 1. */
export function normalCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
}

export const codeHash = (code: string) => createHash("sha256").update(normalCode(code)).digest("hex");

const NO_CARD = "No gift card has that code.";

export const cardBalanceMessage = (card: Pick<GiftCardRow, "lastFour" | "balanceCents">) =>
  `Gift card ····${card.lastFour} has ${formatMoney(toDollars(card.balanceCents))} left.`;

/**
 * Spends `cents` of the card with this code, in the caller's transaction: answers the card as it
 * is after. Refused (409) when it holds less, with what it holds; 404 for a code no card has.
 */
export async function spendGiftCard(
  tx: Pick<Database, "select" | "update">,
  code: string,
  cents: number,
): Promise<GiftCardRow> {
  const hash = codeHash(code);
  const [spent] = await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} - ${cents}` })
    .where(and(eq(giftCards.codeHash, hash), gte(giftCards.balanceCents, cents)))
    .returning();
  if (spent) return spent;
  const [card] = await tx.select().from(giftCards).where(eq(giftCards.codeHash, hash));
  if (!card) throw new AppError("not_found", NO_CARD);
  throw new AppError("conflict", cardBalanceMessage(card));
}

/** Puts a refund of a gift-card payment back on its card, in the refund's transaction. */
export async function restoreGiftCard(tx: Pick<Database, "update">, cardId: string, cents: number): Promise<void> {
  await tx
    .update(giftCards)
    .set({ balanceCents: sql`${giftCards.balanceCents} + ${cents}` })
    .where(eq(giftCards.id, cardId));
}

const asGiftCard = (card: GiftCardRow) => ({
  _id: card.id,
  lastFour: card.lastFour,
  initial: toDollars(card.initialCents),
  balance: toDollars(card.balanceCents),
  createdAt: card.createdAt.toISOString(),
});

export function createGiftCards(db: Database, { mailer }: { mailer: Mailer }) {
  return {
    /**
     * Sells a card at the counter: the card and its payment (cash, card or other, the card's amount)
     * in one transaction, with the record, and the code e-mailed when an address is given. The code
     * is answered once, here: nothing can show it again.
     */
    async sell(actor: Actor | null, sale: GiftCardSale) {
      const who = requireJob(actor, "till");
      const code = newGiftCardCode();
      const cents = toCents(sale.amount);
      const email = sale.email?.trim().toLowerCase() ?? "";
      const id = newObjectId();
      const lastFour = code.slice(-4);
      await db.transaction(async (tx) => {
        await tx.insert(giftCards).values({
          id,
          codeHash: codeHash(code),
          lastFour,
          initialCents: cents,
          balanceCents: cents,
          email,
          locale: sale.locale ?? "en",
          soldById: who.id,
          soldByName: who.name || who.email,
        });
        await tx.insert(payments).values({
          id: newObjectId(),
          soldGiftCardId: id,
          method: sale.payment.method,
          amountCents: cents,
          reference: sale.payment.reference ?? "",
          takenById: who.id,
          takenByName: who.name || who.email,
        });
        await recordChange(tx, auditActor(who), {
          kind: "gift-card.sell",
          subjectType: "gift-card",
          subjectId: id,
          summary: `Gift card ····${lastFour} sold for ${formatMoney(sale.amount)} (${sale.payment.method})${email ? `, e-mailed to ${email}` : ""}`,
          after: { amount: sale.amount, method: sale.payment.method, email: email || null },
        });
        if (email) await mailer.send(giftCardEmail(email, code, sale.amount, sale.locale), { executor: tx });
      });
      return { insertedId: id, code, balance: sale.amount };
    },

    /** A card's balance by its code (the desk, before taking it in payment). */
    async lookUp(actor: Actor | null, code: string) {
      requireJob(actor, "till");
      const [card] = await db
        .select()
        .from(giftCards)
        .where(eq(giftCards.codeHash, codeHash(code)));
      if (!card) throw new AppError("not_found", NO_CARD);
      return asGiftCard(card);
    },
  };
}

export type GiftCards = ReturnType<typeof createGiftCards>;
