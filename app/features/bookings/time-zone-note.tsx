import { Trans } from "@lingui/react/macro";
import { useLocale } from "~/lib/i18n/use-locale";
import { LANGUAGE_TAG } from "~/lib/i18n/locale";
import { useSite } from "~/lib/use-site";
import { zoneGenericName } from "./visit-text";

/** "Times are Eastern Time": said once where a customer chooses a time, whatever their own zone. */
export function TimeZoneNote({ className = "" }: { className?: string }) {
  const zone = zoneGenericName(useSite().timeZone, LANGUAGE_TAG[useLocale()]);
  return (
    <p className={`text-sm text-slate-700 ${className}`}>
      <Trans>Times are {zone}.</Trans>
    </p>
  );
}
