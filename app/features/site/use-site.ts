import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { defaultSiteConfig, type SiteConfig } from "./site-config";

/** The business facts from the root loader; the defaults when the root loader itself failed. */
export function useSite(): SiteConfig {
  return useRouteLoaderData<typeof rootLoader>("root")?.site ?? defaultSiteConfig;
}
