import { useSiteLayoutData } from "~/lib/i18n/route-id";
import { OPENING_HOURS, type OpeningPeriod } from "~/lib/opening-hours";

/**
 * The opening hours the public pages show: Booking Settings' (decision 028), read once by the site
 * layout's loader; the specification's outside it.
 */
export function useOpeningHours(): readonly OpeningPeriod[] {
  const data = useSiteLayoutData() as { hours?: OpeningPeriod[] } | undefined;
  return data?.hours ?? OPENING_HOURS;
}
