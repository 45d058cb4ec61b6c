import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createServer } from "node:net";
import { E2E_DATA_DIR } from "../playwright.config";

test("a second server on the same data directory refuses to start and says why", async () => {
  const second = spawnSync(process.execPath, ["build/app/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: E2E_DATA_DIR },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  expect(second.stderr).toContain("is already in use by another server");
  expect(second.stderr).toContain("Stop that server first, or start this one with another DATA_DIR.");
});

/**
 * In a container the server is pid 1 after every restart. A crash (SIGKILL) must not leave a
 * lock that keeps the next start out: the lock is the kernel's, released with its holder.
 */
test("a server killed with SIGKILL as pid 1 starts again on the same data directory", async () => {
  // Two cold starts of the production server (migrations) on a busy 2-core machine. The lock is
  // what is tested, not the demo data: seeding it too cost each start seconds.
  test.setTimeout(300_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "carwash-pid1-"));
  const port = await freePort();
  const startAsPid1 = () =>
    spawn("unshare", ["--pid", "--fork", "--kill-child", process.execPath, "build/app/server.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: "false",
      },
      stdio: ["ignore", "ignore", "pipe"],
    });
  const healthy = async (server: ChildProcess) => {
    let stderr = "";
    server.stderr?.on("data", (chunk) => (stderr += chunk));
    for (let attempt = 0; attempt < 240; attempt++) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}): ${stderr}`);
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (answer?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`the server never answered: ${stderr}`);
  };
  const stopped = (server: ChildProcess) => new Promise((resolve) => server.once("exit", resolve));

  const first = startAsPid1();
  await healthy(first);
  // The namespace's pid 1 is the server; killing it ends the namespace, the lock holder with it.
  expect(readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe("1");
  process.kill(serverPidOf(first), "SIGKILL");
  await stopped(first);

  const second = startAsPid1();
  try {
    await healthy(second);
  } finally {
    // unshare itself ignores SIGTERM while it waits: stop the server it started.
    process.kill(serverPidOf(second), "SIGTERM");
    await stopped(second);
  }
});

/** The server's pid as this machine sees it: the one child of `unshare --fork`. */
function serverPidOf(unshare: ChildProcess): number {
  return Number(readFileSync(`/proc/${unshare.pid}/task/${unshare.pid}/children`, "utf8").trim().split(" ")[0]);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
