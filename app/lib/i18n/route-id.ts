import { useLocation, useRouteLoaderData } from "react-router";
import { localeOfPath } from "./locale";

/** A Spanish twin's route id: the English route's, after "es/" (app/routes.ts). */
export function routeIdIn(pathname: string, englishId: string): string {
  return localeOfPath(pathname) === "es" ? `es/${englishId}` : englishId;
}

/** The site layout's loader data, whichever language's layout the page is under. */
export function useSiteLayoutData(): unknown {
  return useRouteLoaderData(routeIdIn(useLocation().pathname, "routes/site-layout"));
}
