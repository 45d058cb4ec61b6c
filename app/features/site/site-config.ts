/** Business facts shown across the site; the server fills them from the environment. Browser-safe. */
export interface SiteConfig {
  name: string;
  shortName: string;
  phone: string;
  whatsapp: string;
  address: string;
  timeZone: string;
}

export const defaultSiteConfig: SiteConfig = {
  name: "Sparkle Auto Spa",
  shortName: "Sparkle",
  phone: "(555) 014-2290",
  whatsapp: "15550142290",
  address: "1250 Harbor Boulevard, Springfield, NY 10001",
  timeZone: "America/New_York",
};

export const OPENING_HOURS = [
  { days: "Mon–Sat", opens: "8 AM", closes: "6 PM" },
  { days: "Sun", opens: "8 AM", closes: "5 PM" },
] as const;

export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`;
}
