import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import {
  createRequestHandler,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  type ServerBuild,
} from "react-router";
import type { PageHandler } from "../server/app";
import routes from "~/routes";

const APP_DIR = path.resolve(import.meta.dirname, "../app");

type RouteModule = Record<string, unknown> & { default?: unknown; ErrorBoundary?: unknown };
type ServerRoutes = ServerBuild["routes"];

/**
 * A route module as React Router's Vite plugin hands it to the server: its component and error
 * boundary given their props (loaderData, params, matches) as framework mode does.
 */
function asBuilt(module: RouteModule): RouteModule {
  return {
    ...module,
    ...(module.default ? { default: UNSAFE_withComponentProps(module.default as never) } : {}),
    ...(module.ErrorBoundary ? { ErrorBoundary: UNSAFE_withErrorBoundaryProps(module.ErrorBoundary as never) } : {}),
  };
}

async function addRoutes(into: ServerRoutes, entries: RouteConfigEntry[], parentId: string) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
    const module = asBuilt(await import(path.join(APP_DIR, entry.file)));
    into[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: false, module } as never;
    await addRoutes(into, entry.children ?? [], id);
  }
}

/**
 * The site's pages rendered to HTML as the server renders them (app/entry.server.tsx, the route
 * table, every loader), in-process and without a build: a server build assembled from the route
 * modules. No browser assets: the pages' scripts and stylesheet links point nowhere. For tests of
 * what a page says: createApp({ runtime, pages: await renderedPages() }).
 */
export async function renderedPages(): Promise<PageHandler> {
  const serverRoutes: ServerRoutes = {};
  const root = asBuilt(await import(path.join(APP_DIR, "root.tsx")));
  serverRoutes.root = { id: "root", path: "", module: root } as never;
  await addRoutes(serverRoutes, routes, "root");
  const manifestRoutes = Object.fromEntries(
    Object.values(serverRoutes).map((route) => [
      route!.id,
      { ...route, module: `/${route!.id}.js`, hasLoader: "loader" in route!.module, hasAction: false },
    ]),
  );
  const build = {
    entry: { module: await import(path.join(APP_DIR, "entry.server.tsx")) },
    routes: serverRoutes,
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: manifestRoutes,
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  const handle = createRequestHandler(build, "development");
  return (request, context) => handle(request, context);
}
