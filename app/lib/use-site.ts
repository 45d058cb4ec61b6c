import { useRootData } from "./root-data";
import { defaultSiteConfig, type SiteConfig } from "./site-config";

/** The business facts from the root loader; the defaults when the root loader itself failed. */
export function useSite(): SiteConfig {
  return useRootData()?.site ?? defaultSiteConfig;
}
