import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp } from "./app";
import { readEnv } from "./env";
import { openRuntime, type Runtime } from "./runtime";
import { createServices } from "~/.server/services";

/**
 * Development entry, loaded by @hono/vite-dev-server through Vite: this module is
 * re-imported after every change, so the open database is kept on globalThis
 * (a second PGlite on the same folder would be refused by the lock).
 */
const store = globalThis as typeof globalThis & { __carWashRuntime?: Promise<Runtime> };
// Vite serves on 5173: reset links and the browser's Origin must name it.
const opened = await (store.__carWashRuntime ??= openRuntime(
  readEnv({ PUBLIC_URL: "http://localhost:5173", ...process.env }),
));
// Services are rebuilt over the kept database and auth, so that changes to them take effect.
const runtime = { ...opened, services: createServices(opened.services.dependencies) };
// Started once per process (start() on a running worker does nothing).
opened.outboxWorker.start();

const pages = createRequestHandler(
  // A virtual module that React Router's Vite plugin provides in development.
  () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
  "development",
);

export default createApp({ runtime, pages });
