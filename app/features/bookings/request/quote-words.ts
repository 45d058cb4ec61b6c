import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { catalogueName } from "~/lib/i18n/catalogue-names";

/**
 * A quote's line as the page's language says it. The API words its lines in English
 * (features/pricing/price-visit.ts: "Full Detail (Large)", "Synthetic oil", "WASH5 (5% off)",
 * "Wash Club (Gold): covered"), as bookings store them; a Spanish page names the service in Spanish
 * and says the fixed words in Spanish. What the shop typed (packages, size classes, add-ons, oils)
 * stays as written. A label of no known form shows as it came.
 */
export function useLineLabel(): (label: string) => string {
  const { t } = useLingui();
  return useCallback(
    (label: string) => {
      const service = /^(.+) \(([^()]+)\)$/.exec(label);
      if (service) {
        const [, name, size] = service as unknown as [string, string, string];
        const promo = /^(\d+)% off$/.exec(size);
        if (promo) {
          const percent = promo[1];
          return t`${name} (${percent}% off)`;
        }
        return `${t(catalogueName(name))} (${size})`;
      }
      const club = /^Wash Club \((.+)\): covered$/.exec(label);
      if (club) {
        const plan = club[1];
        return t`Wash Club (${plan}): covered`;
      }
      const oil = /^(.+) oil$/.exec(label);
      if (oil) {
        const name = oil[1];
        return t`${name} oil`;
      }
      return label;
    },
    [t],
  );
}
