import { readdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import path from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import type { RequestIdVariables } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import type { AppLoadContext } from "react-router";
import { createApi } from "./api";
import { compress } from "./compress";
import { databaseFiles } from "./database-files";
import { handleApiError } from "./errors";
import { createPageCache, type PageCacheVariables } from "./page-cache";
import { pageEtag } from "./page-etag";
import { guardStateChanges } from "./request-guard";
import { requestId } from "./request-id";
import { requestLog } from "./request-log";
import { securityHeaders } from "./security-headers";
import type { Runtime } from "./runtime";
import { unsubscribeRoutes } from "./unsubscribe";

export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface AppOptions {
  runtime: Pick<Runtime, "services" | "site" | "env" | "rateLimiters">;
  /** React Router's request handler; without it only the API is served (API tests). */
  pages?: PageHandler;
  /** The built client folder (production): /assets are served from it. */
  clientDir?: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

export function createApp({ runtime, pages, clientDir }: AppOptions) {
  const app = new Hono<{ Variables: SecureHeadersVariables & RequestIdVariables & PageCacheVariables }>();
  // Every answer names its request: the balancer's X-Request-Id when it sent a well-formed one (letters,
  // digits, _ - =, at most 128), otherwise a new UUID. Errors are logged with it.
  app.use(requestId());
  if (runtime.env.LOG_REQUESTS) app.use(requestLog(runtime.env.TRUST_PROXY));
  // Before securityHeaders: a visitor's page kept whole is sent with the policy nonce it was rendered with.
  const pageCache =
    pages &&
    createPageCache({
      catalogue: runtime.services.catalogue,
      settings: runtime.services.settingsChanges,
      reviews: runtime.services.reviewChanges,
    });
  if (pageCache) app.use(pageCache.recall);
  app.use(securityHeaders());

  if (clientDir) {
    // File names carry a content hash, and build writes .br/.gz beside each file.
    app.use("/assets/*", staticFiles({ root: clientDir, precompressed: true, cacheControl: IMMUTABLE }));
    app.get("/assets/*", (c) => c.text("Not found", 404));
    // The few other files the build holds (favicon, images/…), by name: every other request (the API,
    // pages) skips the filesystem probe a catch-all static route would make.
    const publicFiles = staticFiles({ root: clientDir, precompressed: true, cacheControl: "public, max-age=3600" });
    for (const entry of readdirSync(clientDir, { withFileTypes: true })) {
      if (entry.name === "assets") continue;
      app.use(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, publicFiles);
    }
  }

  // Uploaded files: names are fresh ids, so a name never changes content.
  const { storage } = runtime.services;
  app.use(
    "/uploads/*",
    storage.kind === "disk"
      ? staticFiles({
          root: path.relative(process.cwd(), storage.root),
          rewriteRequestPath: (p) => p.replace(/^\/uploads/, ""),
          cacheControl: IMMUTABLE,
        })
      : databaseFiles(storage, IMMUTABLE),
  );
  app.get("/uploads/*", (c) => c.text("Not found", 404));

  // RFC 8058's one-click unsubscribe: a mail provider's form POST from no origin, so outside /api
  // and its guard; before compress() and the pages (a few bytes of plain text, never a kept page).
  app.route("/", unsubscribeRoutes(runtime.services));

  app.use(compress());
  app.use("/api/*", guardStateChanges(runtime.env.PUBLIC_URL));
  app.route(
    "/api",
    createApi(runtime.services, {
      trustedProxies: runtime.env.TRUST_PROXY,
      timeZone: runtime.site.timeZone,
      bookingsPerMinute: runtime.env.RATE_LIMIT_BOOKINGS,
      signInsPerAccount: runtime.env.RATE_LIMIT_SIGN_IN_ACCOUNT,
      rateLimiters: runtime.rateLimiters,
      testClock: runtime.env.TEST_CLOCK,
    }),
  );
  app.onError(handleApiError);

  if (pages && pageCache) {
    const context: AppLoadContext = { services: runtime.services, site: runtime.site };
    // Pages send Cache-Control with revalidation; the ETag makes that revalidation a 304. A visitor's
    // page is rendered once and kept until what it shows may have changed (server/page-cache.ts).
    app.all("*", pageCache.serve, pageEtag(), async (c) => {
      const page = await pages(c.req.raw, { ...context, cspNonce: c.get("secureHeadersNonce") });
      // Through the context, so the page gets the headers set before it (X-Request-Id), as the API's answers do.
      return c.newResponse(page.body, page);
    });
  }
  return app;
}

/**
 * serveStatic with a Cache-Control on what it finds (its own onFound hook runs after the
 * response is built, too late to add headers).
 */
function staticFiles({
  cacheControl,
  ...options
}: Parameters<typeof serveStatic>[0] & { cacheControl: string }): MiddlewareHandler {
  const serve = serveStatic(options);
  return async (c, next) => {
    let found = true;
    const response = await serve(c, async () => {
      found = false;
      await next();
    });
    if (found && response) response.headers.set("Cache-Control", cacheControl);
    return response;
  };
}
