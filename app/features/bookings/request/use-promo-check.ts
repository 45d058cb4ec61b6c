import { useEffect, useState } from "react";
import { ApiError, apiFetch } from "~/lib/api-client";
import type { AvailabilityService } from "../use-availability";

/** What the server said of the code typed, for the package chosen. */
export type PromoCheck =
  | { state: "none" | "checking" }
  | { state: "applies"; promoCode: string; discount: number; finalPrice: number }
  | { state: "refused"; message: string };

/** Typing pauses this long before the code is sent: one check per word, not per key. */
const PAUSE_MS = 400;

/**
 * Whether the promo code applies to the chosen package, as POST /api/bookings/promo-check judges
 * it: the form shows WASH5's price only once the server has said so (decisions/029). An answer for
 * an earlier code or package is never shown for a later one.
 */
export function usePromoCheck(code: string, service: AvailabilityService): PromoCheck {
  const { planId, serviceType, packageSelection } = service;
  const trimmed = code.trim();
  const key = JSON.stringify([trimmed.toUpperCase(), planId, serviceType, packageSelection]);
  const [answer, setAnswer] = useState<{ key: string; check: PromoCheck } | null>(null);
  useEffect(() => {
    if (!trimmed) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch<{ promoCode: string; discount: number; finalPrice: number }>("/api/bookings/promo-check", {
        method: "POST",
        json: { promoCode: trimmed, planId, serviceType, packageSelection },
        signal: controller.signal,
      })
        .then((result) => result && setAnswer({ key, check: { state: "applies", ...result } }))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.fields?.promoCode)
            setAnswer({ key, check: { state: "refused", message: error.fields.promoCode } });
        });
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, trimmed, planId, serviceType, packageSelection]);
  if (!trimmed) return { state: "none" };
  return answer?.key === key ? answer.check : { state: "checking" };
}
