import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { bench } from "./load";
import { values } from "./options";

/** The Node flags `npm start` gives the server (package.json's "start"; decision 060). */
export const PRODUCT_NODE_FLAGS = ["--max-semi-space-size=16"];

/** Starting the servers the bench measures, and reading their processes' CPU and memory from Linux's /proc. */

/**
 * Starts the production server on a fresh database of the engine, runs `measure` against it,
 * prints the server's resident memory, and stops it.
 */
export async function withServer(
  engine: "pglite" | "postgres",
  measure: (pid: number) => Promise<void>,
  seedBookings = 0,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "carwash-bench-"));
  const port = engine === "pglite" ? 3410 : 3411;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO_DATA: "true",
    // The bench sends thousands of requests from one address: the limits are the API tests' concern.
    RATE_LIMIT_SIGN_IN: "1000000",
    RATE_LIMIT_SIGN_UP: "1000000",
    RATE_LIMIT_BOOKINGS: "1000000",
    // Behind one proxy, as in production (nginx): each visitor's booking names its own address
    // (booking-writes.ts), as phones do, rather than every request counting against one.
    TRUST_PROXY: "1",
  };
  delete env.DATABASE_URL;
  if (engine === "postgres") env.DATABASE_URL = await freshDatabase(values["postgres-url"]!);
  if (seedBookings) {
    console.log(`Seeding ${seedBookings.toLocaleString("en-US")} past bookings…`);
    const seeded = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/seed-bookings.ts", "--count", String(seedBookings)],
      { env, stdio: ["ignore", "ignore", "inherit"] },
    );
    if (seeded.status !== 0) throw new Error(`Seeding failed (exit ${seeded.status}).`);
  }
  // Started as `npm start` starts it (package.json), V8's flags included (decision 060).
  const server = spawn(process.execPath, [...PRODUCT_NODE_FLAGS, "build/app/server.js"], {
    env,
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    bench.base = `http://127.0.0.1:${port}`;
    await waitForHealth(server);
    await measure(server.pid!);
    const { rss, peak } = residentMegabytes(server.pid!);
    console.log(`\nServer RSS after the run (${engine}): ${rss} MB (peak ${peak} MB)`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once("exit", resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Drops and creates the database `url` names (through the server's `postgres` database). */
export async function freshDatabase(url: string): Promise<string> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Use a plain database name in --postgres-url, not ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
  return url;
}

export async function waitForHealth(server: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}): is the build there?`);
    const ok = await fetch(`${bench.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not answer /api/health within two minutes.");
}

/** CPU time (user + system) each process has used so far, in ms, from Linux's /proc (100 ticks a second). */
export function cpuMilliseconds(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // Ended between the listing and the read: nothing to count.
    }
  }
  return used;
}

/**
 * The CPU time the processes used since `before`: a process started since counts whole; one that
 * ended since (a pooled PostgreSQL connection closed when idle) is lost to the sum.
 */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** The PostgreSQL server's processes on this machine (none when it runs elsewhere). */
export function postgresPids(): number[] {
  const found = spawnSync("pgrep", ["-x", "postgres"], { encoding: "utf8" });
  return found.stdout.split("\n").filter(Boolean).map(Number);
}

/** A process's resident set now and at its peak (VmHWM) in MB, from Linux's /proc. */
export function residentMegabytes(pid: number): { rss: string; peak: string } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const mb = (field: string) => {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1];
    return kb ? (Number(kb) / 1024).toFixed(0) : "?";
  };
  return { rss: mb("VmRSS"), peak: mb("VmHWM") };
}
