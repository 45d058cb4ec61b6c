import type { Database } from "~/.server/db/client";
import type { Mailer } from "~/.server/mail/mailer";
import { createGiftCards } from "./gift-cards.server";
import { createPayments } from "./payments.server";
import { createTakings } from "./takings.server";

/** The till (issue 46): payments and refunds on visits, gift cards, the day's takings and cash-up. */
export function createTill(db: Database, options: { mailer: Mailer; timeZone: string; now?: () => Date }) {
  return {
    payments: createPayments(db, options),
    giftCards: createGiftCards(db, options),
    takings: createTakings(db, options),
  };
}

export type Till = ReturnType<typeof createTill>;
