import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { catalogueName } from "~/lib/i18n/catalogue-names";

/**
 * A quote's line as the page's language says it. The API words its lines in English
 * (features/pricing/price-visit.ts: "Full Detail (Large)", "Synthetic oil", "WASH5 (5% off)",
 * "Wash Club (Gold): covered"), as bookings store them; a Spanish page names the service in Spanish
 * and says the fixed words in Spanish. What the shop typed (packages, size classes, add-ons, oils)
 * stays as written. `first`: the visit's own line (the service or package for the vehicle's class),
 * the only one that may name a service. A label of no known form shows as it came.
 */
export function lineWords(label: string, first: boolean, say: (message: MessageDescriptor) => string): string {
  const promo = /^(\S+) \((\d+)% off\)$/.exec(label);
  if (promo) {
    const [name, percent] = [promo[1]!, promo[2]!];
    return say(msg`${name} (${percent}% off)`);
  }
  const main = first && /^(.+) \(([^()]+)\)$/.exec(label);
  if (main) return `${say(catalogueName(main[1]!))} (${main[2]})`;
  const club = /^Wash Club \((.+)\): covered$/.exec(label);
  if (club) {
    const plan = club[1]!;
    return say(msg`Wash Club (${plan}): covered`);
  }
  const oil = /^(.+) oil$/.exec(label);
  if (oil) {
    const name = oil[1]!;
    return say(msg`${name} oil`);
  }
  return label;
}

/** lineWords in the page's language: the line's label and its place among the quote's lines. */
export function useLineLabel(): (label: string, index: number) => string {
  const { i18n } = useLingui();
  return useCallback((label: string, index: number) => lineWords(label, index === 0, (m) => i18n._(m)), [i18n]);
}
