import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type AppLoadContext, type DataRouteObject } from "react-router";
import type { PageHandler } from "../server/app";
import routes from "~/routes";

const APP_DIR = path.resolve(import.meta.dirname, "../app");

type RouteModule = { loader?: DataRouteObject["loader"] };

async function dataRoutes(entries: RouteConfigEntry[]): Promise<DataRouteObject[]> {
  return Promise.all(
    entries.map(async (entry): Promise<DataRouteObject> => {
      const module = (await import(path.join(APP_DIR, entry.file))) as RouteModule;
      const shared = { id: entry.id ?? entry.file, path: entry.path, loader: module.loader };
      if (entry.index) return { ...shared, index: true };
      return { ...shared, children: await dataRoutes(entry.children ?? []) };
    }),
  );
}

/**
 * The site's routes (app/routes.ts under app/root.tsx) with their loaders, answered as the server
 * answers them but without rendering: a redirect as it is, otherwise an empty answer with the status
 * React Router would send (a loader's thrown error is a 500). For tests of what loaders do with a
 * request, through the real Hono app: createApp({ runtime, pages: await loaderPages() }).
 */
export async function loaderPages(): Promise<PageHandler> {
  const root = (await import(path.join(APP_DIR, "root.tsx"))) as RouteModule;
  const handler = createStaticHandler([
    { id: "root", path: "", loader: root.loader, children: await dataRoutes(routes) },
  ]);
  return async (request: Request, context: AppLoadContext) => {
    const result = await handler.query(request, { requestContext: context });
    if (result instanceof Response) return result;
    const errors = Object.values(result.errors ?? {});
    return new Response(errors.length ? String(errors[0]) : null, { status: result.statusCode });
  };
}
