import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const LanguageOffer = lazy(() => import("./language-offer").then((m) => ({ default: m.LanguageOffer })));

/**
 * The offer is decided in the browser once the page is running, so its code is asked for then,
 * outside the page's first JavaScript (docs/benchmarks/006-javascript-budget.md).
 */
export function LanguageOfferAfterLoad() {
  return useHydrated() ? (
    <Suspense>
      <LanguageOffer />
    </Suspense>
  ) : null;
}
