import { useEffect, useState } from "react";
import type { ApiQuote } from "~/features/pricing/pricing.schema";
import { ApiError, apiErrorMessage, apiFetch } from "~/lib/api-client";
import type { PromoCheck } from "./promo-field";
import type { VisitChoice } from "./visit-choice";

/** Choices pause this long before they are priced and their slots read: one request per settled choice, not per key. */
export const SETTLE_MS = 350;

/**
 * `value` once it has stopped changing for SETTLE_MS (its `key` says when it changed), and whether
 * a newer one is waiting. The first value counts as settled: a form's first answers are not held back.
 */
export function useSettled<T>(value: T, key: string): { value: T; settling: boolean } {
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = setTimeout(() => setSettled({ key, value }), SETTLE_MS);
    return () => clearTimeout(timer);
    // `key` stands for `value`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, settled.key]);
  return { value: settled.value, settling: settled.key !== key };
}

export interface VisitQuote {
  /** The lines, total and length for the choice (the last one while a newer is priced); null before any. */
  quote: ApiQuote | null;
  /** A newer choice is being priced: the quote shown is the one before. */
  pending: boolean;
  /** Why the code was refused: the quote is then priced without it. */
  promoRefusal?: string;
  /** Why the choice could not be priced at all. */
  failure?: string;
}

const NOTHING: VisitQuote = { quote: null, pending: false };

/**
 * What the visit will cost and take, as POST /api/bookings/quote prices it from the choice's ids
 * (the booking is priced by the same function): asked once per settled choice; an answer for an
 * earlier choice is never taken for a later one. A refused code (unknown, or a member's second
 * WASH5) is said once, and the visit priced without it, so the lines still show.
 */
export function useVisitQuote(body: VisitChoice | null): VisitQuote {
  const key = body ? JSON.stringify(body) : null;
  const [answer, setAnswer] = useState<(VisitQuote & { key: string }) | null>(null);
  useEffect(() => {
    if (!key) return;
    const choice = JSON.parse(key) as VisitChoice;
    const controller = new AbortController();
    const ask = (json: VisitChoice) =>
      apiFetch<ApiQuote>("/api/bookings/quote", { method: "POST", json, signal: controller.signal });
    ask(choice).then(
      (quote) => setAnswer({ key, quote, pending: false }),
      async (error: unknown) => {
        if (controller.signal.aborted) return;
        const promoRefusal = error instanceof ApiError ? error.fields?.promoCode : undefined;
        if (promoRefusal && choice.promoCode) {
          const quote = await ask({ ...choice, promoCode: "" }).catch(() => null);
          if (!controller.signal.aborted) setAnswer({ key, quote, pending: false, promoRefusal });
          return;
        }
        setAnswer({ key, quote: null, pending: false, failure: apiErrorMessage(error) });
      },
    );
    return () => controller.abort();
  }, [key]);
  if (!key) return NOTHING;
  if (answer?.key !== key) return { quote: answer?.quote ?? null, pending: true };
  return answer;
}

/** What Promo Code says under it, from the quote: WASH5's part of the total, or why the code was refused. */
export function promoCheckOf(code: string, visit: VisitQuote, priced: boolean): PromoCheck {
  if (!code.trim() || !priced) return { state: "none" };
  if (visit.pending) return { state: "checking" };
  if (visit.promoRefusal) return { state: "refused", message: visit.promoRefusal };
  const quote = visit.quote;
  return quote && quote.discount > 0
    ? { state: "applies", promoCode: code.trim().toUpperCase(), discount: quote.discount, finalPrice: quote.total }
    : { state: "none" };
}
