import { useRouteLoaderData } from "react-router";
import type { Messages } from "@lingui/core";
import type { Actor } from "./access";
import type { Locale } from "./i18n/locale";
import type { SiteConfig } from "./site-config";

/** What the root route's loader gives every page: declared here so hooks below the routes can read it. */
export interface RootData {
  site: SiteConfig;
  /** The site's origin for absolute URLs (canonical, Open Graph, sitemap). */
  origin: string;
  user: Pick<Actor, "name" | "email" | "role"> | null;
  /** The business's today (YYYY-MM-DD) in its time zone. */
  today: string;
  /** The page's language (its path: /es/… is Spanish) and that language's compiled catalog. */
  locale: Locale;
  messages: Messages;
}

/** The root loader's data; undefined while the root loader itself has failed (its error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData("root") as RootData | undefined;
}
