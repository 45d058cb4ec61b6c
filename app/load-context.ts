import type { SiteConfig } from "~/lib/site-config";
import type { Services } from "./.server/services";

// Loaders and actions reach the services through React Router's load context, so pages
// and the API share one instance of each (and one catalogue cache) per process.
declare module "react-router" {
  interface AppLoadContext {
    services: Services;
    site: SiteConfig;
    /** This answer's Content-Security-Policy nonce, for the scripts the page renders. */
    cspNonce?: string;
  }
}

export {};
