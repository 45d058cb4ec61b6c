import { useSite } from "~/lib/use-site";
import { zoneGenericName } from "./visit-text";

/** "Times are Eastern Time": said once where a customer chooses a time, whatever their own zone. */
export function TimeZoneNote({ className = "" }: { className?: string }) {
  return <p className={`text-sm text-slate-700 ${className}`}>Times are {zoneGenericName(useSite().timeZone)}.</p>;
}
