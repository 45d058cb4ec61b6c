/** Business facts shown across the site; the server fills them from the environment. Browser-safe. */
export interface SiteConfig {
  name: string;
  shortName: string;
  phone: string;
  whatsapp: string;
  address: string;
  timeZone: string;
  /** Where the pin goes on maps and in structured data. */
  geo: { latitude: number; longitude: number };
  /** The site's public address (PUBLIC_URL); unset means "the address the request came to". */
  publicUrl?: string;
  /** Social profiles; a network without a URL is not shown. */
  social: Partial<Record<SocialNetwork, string>>;
}

export const SOCIAL_NETWORKS = ["facebook", "instagram", "tiktok", "youtube"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const defaultSiteConfig: SiteConfig = {
  name: "Sparkle Auto Spa",
  shortName: "Sparkle",
  phone: "(555) 014-2290",
  whatsapp: "15550142290",
  address: "1250 Harbor Boulevard, Springfield, NY 10001",
  timeZone: "America/New_York",
  geo: { latitude: 40.7506, longitude: -73.9972 },
  social: {},
};

/** The claims of the about page (specification: docs/specification-quirks.md §12), also used in structured data. */
export const BUSINESS_FACTS = {
  founded: 2016,
  technicians: "15+",
  years: "9+",
  carsServiced: "25K+",
  rating: 4.8,
  services: "1,500+",
} as const;

export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "")}`;
}

/** A WhatsApp chat with the business, the message already typed. */
export function whatsappHref(
  site: Pick<SiteConfig, "name" | "whatsapp">,
  message = `Hi ${site.name}, I'd like to book a wash.`,
): string {
  return `https://wa.me/${site.whatsapp}?text=${encodeURIComponent(message)}`;
}

/** Directions in the visitor's map app of choice; works without any map script. */
export function directionsHref(site: Pick<SiteConfig, "address">): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(site.address)}`;
}

export function socialLinks(site: Pick<SiteConfig, "social">): { network: SocialNetwork; url: string }[] {
  return SOCIAL_NETWORKS.flatMap((network) => {
    const url = site.social[network];
    return url ? [{ network, url }] : [];
  });
}
