import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApp } from "./app";
import { DataDirLockedError } from "~/.server/db/data-dir-lock";
import { demoAccounts } from "./seed/demo-data";
import { EnvError, readEnv } from "./env";
import { listen } from "./http-server";
import { log } from "~/.server/log";
import { projectRoot } from "~/.server/project-root";
import { openRuntime } from "./runtime";

/** Production entry: `npm start` runs the bundle of this file (build/app/server.js). */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const env = readEnv();
  const buildDir = path.join(projectRoot, "build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
  const runtime = await openRuntime(env);
  runtime.outboxWorker.start();
  runtime.services.followUps.start();
  runtime.services.nightlyBackups.start();
  if (env.TEST_CLOCK) log.warn("TEST_CLOCK is on: admins may move the follow-ups' clock. Never on a live site.");

  const app = createApp({
    runtime,
    pages: createRequestHandler(build, "production"),
    clientDir: path.relative(process.cwd(), path.join(buildDir, "client")),
  });
  const server = listen({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, (info) => {
    const where =
      runtime.database.kind === "pglite"
        ? `embedded PostgreSQL in ${path.resolve(env.DATA_DIR)}`
        : "PostgreSQL (DATABASE_URL)";
    log.info(`Car wash site on http://localhost:${info.port}`, { database: where, demoDataSeeded: runtime.seeded });
    // `npm run backup` on this machine asks this process (it alone may open the embedded database).
    runtime.services.backups
      .announce(info.port)
      .catch((error: unknown) => log.error("Cannot write DATA_DIR/backup-token.json", { error }));
    if (env.SEED_DEMO_DATA) {
      const { admin, member } = demoAccounts;
      log.info(
        `Demo sign-ins: admin ${admin.email} / ${admin.password}, member ${member.email} / ${member.password}` +
          " (set SEED_DEMO_DATA=false and delete these accounts before the site goes live)",
      );
    }
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal}: finishing requests in flight, then closing the database.`);
    const force = setTimeout(() => {
      log.error("Requests still open after 10 s; closing anyway.");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    // The admins' live boards are streams that never finish by themselves: end them, and their
    // browsers connect again to another process (or to this one once it is back).
    void runtime.services.boardChanges.close();
    server.close(async () => {
      await runtime.close();
      process.exit(0);
    });
    // Idle keep-alive connections would otherwise hold close() open: those idle now, and those whose
    // last answer (a live board's stream) ends in the next moments, before their client's next request.
    if ("closeIdleConnections" in server) {
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
    }
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError || error instanceof DataDirLockedError) log.error(error.message);
  else log.error("The server could not start", { error });
  process.exit(1);
});
