import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { projectRoot } from "~/.server/project-root";
import { createScratchDatabase } from "./test-database";

/**
 * Several production server processes (build/app/server.js: `npm run build` first) on one fresh
 * PostgreSQL database, as behind a load balancer: for tests of what the processes must share.
 *
 *   const cluster = await startServerProcesses({ ports: [3301, 3302] });
 *   await fetch(`${cluster.processes[1]!.url}/api/plans`);
 *   await cluster.processes[0]!.restart();
 *   await cluster.close();
 *
 * The database is created on the server TEST_DATABASE_URL names (CI's), else on the local one
 * (DEFAULT_SERVER_URL); when neither answers, start() fails saying so: these tests never skip.
 */
export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export interface ServerProcessesOptions {
  /** One process per port. */
  ports: number[];
  /** More environment for every process (rate limits, REDIS_URL …); it wins over the defaults. */
  env?: Record<string, string>;
  /** Where the database is created (any database on that server); default TEST_DATABASE_URL, else DEFAULT_SERVER_URL. */
  serverUrl?: string;
}

export interface ServerProcess {
  readonly index: number;
  readonly port: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  readonly running: boolean;
  /** What the process wrote to stdout and stderr since the harness started it (the last 1 MB). */
  output(): string;
  /** Starts it (again) and waits until GET /api/health answers 200. */
  start(): Promise<void>;
  /** SIGTERM (a graceful stop) by default; waits for the exit (SIGKILL after 15 s). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  restart(): Promise<void>;
}

export interface ServerProcesses {
  /** The one database every process uses (DATABASE_URL). */
  databaseUrl: string;
  /** PUBLIC_URL of every process: the first one's address, as one site's. Send it as Origin on changes. */
  publicUrl: string;
  processes: ServerProcess[];
  /** Stops every process and drops the database. */
  close(): Promise<void>;
}

const SERVER_ENTRY = path.join(projectRoot, "build", "app", "server.js");
const HEALTH_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const OUTPUT_KEPT = 1024 * 1024;

/** Starts one process per port at once (they migrate and seed the demo data under their locks) and waits for all. */
export async function startServerProcesses(options: ServerProcessesOptions): Promise<ServerProcesses> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error(`${path.relative(projectRoot, SERVER_ENTRY)} is missing: run npm run build before these tests.`);
  const serverUrl = options.serverUrl ?? process.env.TEST_DATABASE_URL ?? DEFAULT_SERVER_URL;
  const database = await createScratchDatabase(serverUrl).catch((error: unknown) => {
    throw new Error(
      `Tests of several server processes need a PostgreSQL server: could not create a database through ${serverUrl} ` +
        `(${String(error)}). Set TEST_DATABASE_URL to a server the tests may create databases on.`,
    );
  });
  const publicUrl = `http://127.0.0.1:${options.ports[0]}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    DATABASE_URL: database.url,
    PUBLIC_URL: publicUrl,
    SEED_DEMO_DATA: "true",
    ...options.env,
  };
  const processes = options.ports.map((port, index) => serverProcess(index, port, env));
  const close = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    for (const p of processes) rmSync(p.dataDir, { recursive: true, force: true });
    await database.drop();
  };
  try {
    await Promise.all(processes.map((p) => p.start()));
  } catch (error) {
    await close();
    throw error;
  }
  return { databaseUrl: database.url, publicUrl, processes, close };
}

function serverProcess(index: number, port: number, env: NodeJS.ProcessEnv): ServerProcess & { dataDir: string } {
  // Its own DATA_DIR, as on another machine: what it keeps there is not shared.
  const dataDir = mkdtempSync(path.join(tmpdir(), `carwash-process-${index}-`));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  async function waitForHealth(started: ChildProcess) {
    const deadline = Date.now() + HEALTH_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(`Server process ${index} (port ${port}) exited while starting:\n${output}`);
      const healthy = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`Server process ${index} (port ${port}) did not answer /api/health within a minute:\n${output}`);
  }

  const self = {
    index,
    port,
    url,
    dataDir,
    get running() {
      return running();
    },
    output: () => output,
    async start() {
      if (running()) throw new Error(`Server process ${index} is already running.`);
      const started = spawn(process.execPath, [SERVER_ENTRY], {
        cwd: projectRoot,
        env: { ...env, PORT: String(port), DATA_DIR: dataDir },
        stdio: ["ignore", "pipe", "pipe"],
      });
      started.stdout!.on("data", keep);
      started.stderr!.on("data", keep);
      child = started;
      await waitForHealth(started);
    },
    async stop(signal: NodeJS.Signals = "SIGTERM") {
      const stopping = child;
      if (!stopping || !running()) return;
      const exited = new Promise((resolve) => stopping.once("exit", resolve));
      stopping.kill(signal);
      const timer = setTimeout(() => stopping.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    },
    async restart() {
      await self.stop();
      await self.start();
    },
  };
  return self;
}
