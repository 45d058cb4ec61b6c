import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The sidebar's links a member sees, as a member reads them in their language (their pages have
 * Spanish twins under /es/dashboard: decision 059). Keyed by dashboard-links.ts's English label; the
 * shop's links are staff's, English only, and in no catalog.
 */
const LABELS: Record<string, MessageDescriptor> = {
  Dashboard: msg`Dashboard`,
  "My Bookings": msg`My Bookings`,
  "My Vehicles": msg`My Vehicles`,
  "E-mails from us": msg`E-mails from us`,
  "Two-factor sign-in": msg`Two-factor sign-in`,
  "Signed-in devices": msg`Signed-in devices`,
  Home: msg`Home`,
};

/**
 * A sidebar link's label to show: its message in the page's language, else the label as it is (a
 * staff page's: in no catalog, so never looked up, which Lingui would log as uncompiled).
 */
export function dashboardLinkLabel(i18n: I18n, label: string): string {
  const message = LABELS[label];
  return message ? i18n._(message) : label;
}
