import { defaultSiteConfig, type SiteConfig } from "~/lib/site-config";
import type { Env } from "./env";

export function siteConfigFromEnv(env: Env): SiteConfig {
  return {
    ...defaultSiteConfig,
    name: env.BUSINESS_NAME ?? defaultSiteConfig.name,
    phone: env.BUSINESS_PHONE ?? defaultSiteConfig.phone,
    whatsapp: env.BUSINESS_WHATSAPP ?? defaultSiteConfig.whatsapp,
    address: env.BUSINESS_ADDRESS ?? defaultSiteConfig.address,
    timeZone: env.BUSINESS_TIMEZONE,
    geo: {
      latitude: env.BUSINESS_LATITUDE ?? defaultSiteConfig.geo.latitude,
      longitude: env.BUSINESS_LONGITUDE ?? defaultSiteConfig.geo.longitude,
    },
    publicUrl: env.PUBLIC_URL?.replace(/\/+$/, ""),
    social: {
      facebook: env.SOCIAL_FACEBOOK_URL,
      instagram: env.SOCIAL_INSTAGRAM_URL,
      tiktok: env.SOCIAL_TIKTOK_URL,
      youtube: env.SOCIAL_YOUTUBE_URL,
    },
  };
}
