import { zonedFormatter } from "~/lib/business-date";
import { useSite } from "~/lib/use-site";

/** "Nov 26, 2026, 3:04 PM" on the business's clock: the same on the server's page and in the browser. */
export function useRecordTime() {
  const { timeZone } = useSite();
  return zonedFormatter("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
}
