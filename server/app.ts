import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { etag } from "hono/etag";
import { logger } from "hono/logger";
import { secureHeaders } from "hono/secure-headers";
import type { AppLoadContext } from "react-router";
import { createApi } from "./api";
import { handleApiError } from "./errors";
import type { Runtime } from "./runtime";

export type PageHandler = (request: Request, context: AppLoadContext) => Promise<Response>;

export interface AppOptions {
  runtime: Pick<Runtime, "services" | "site" | "env">;
  /** React Router's request handler; without it only the API is served (API tests). */
  pages?: PageHandler;
  /** The built client folder (production): /assets are served from it. */
  clientDir?: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";

export function createApp({ runtime, pages, clientDir }: AppOptions) {
  const app = new Hono();
  if (runtime.env.LOG_REQUESTS) app.use(logger());
  app.use(secureHeaders({ crossOriginEmbedderPolicy: false, crossOriginResourcePolicy: "same-origin", xFrameOptions: "DENY" }));

  if (clientDir) {
    // File names carry a content hash, and build writes .br/.gz beside each file.
    app.use("/assets/*", serveStatic({ root: clientDir, precompressed: true, onFound: (_path, c) => void c.header("Cache-Control", IMMUTABLE) }));
    app.get("/assets/*", (c) => c.text("Not found", 404));
    app.use("*", serveStatic({ root: clientDir, precompressed: true, onFound: (_p, c) => void c.header("Cache-Control", "public, max-age=3600") }));
  }

  app.use(compress());
  app.route("/api", createApi(runtime.services));
  app.onError(handleApiError);

  if (pages) {
    const context: AppLoadContext = { services: runtime.services, site: runtime.site };
    // Pages send Cache-Control with revalidation; the ETag makes that revalidation a 304.
    app.all("*", etag(), (c) => pages(c.req.raw, context));
  }
  return app;
}
