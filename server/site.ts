import { defaultSiteConfig, type SiteConfig } from "~/features/site/site-config";
import type { Env } from "./env";

export function siteConfigFromEnv(env: Env): SiteConfig {
  return {
    ...defaultSiteConfig,
    name: env.BUSINESS_NAME ?? defaultSiteConfig.name,
    phone: env.BUSINESS_PHONE ?? defaultSiteConfig.phone,
    whatsapp: env.BUSINESS_WHATSAPP ?? defaultSiteConfig.whatsapp,
    address: env.BUSINESS_ADDRESS ?? defaultSiteConfig.address,
    timeZone: env.BUSINESS_TIMEZONE,
  };
}
