import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "lock-test-"));
const lockModule = path.join(import.meta.dirname, "data-dir-lock.ts");

/** Another process that takes the lock and says so, then waits to be killed. */
function lockInAnotherProcess(dir: string) {
  const script = `const { lockDataDir } = await import(${JSON.stringify(lockModule)}); await lockDataDir(${JSON.stringify(dir)}); console.log("held"); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const held = new Promise<void>((resolve, reject) => {
    child.stdout.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`the locking process exited with ${code}`)));
  });
  return { child, held };
}

describe("lockDataDir", () => {
  it("refuses a second open in this process, and locks again once released", async () => {
    const dir = freshDir();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow("is already open in this process");
    await lock.release();
    await (await lockDataDir(dir)).release();
  });

  it("refuses while another process holds it, naming the directory and that process", async () => {
    const dir = freshDir();
    const other = lockInAnotherProcess(dir);
    try {
      await other.held;
      const refusal = lockDataDir(dir);
      await expect(refusal).rejects.toThrow(DataDirLockedError);
      await expect(refusal).rejects.toThrow(`already in use by another server (process ${other.child.pid})`);
    } finally {
      other.child.kill("SIGKILL");
    }
  });

  it("is free again as soon as its holder is killed with SIGKILL", async () => {
    const dir = freshDir();
    const other = lockInAnotherProcess(dir);
    await other.held;
    const exited = new Promise((resolve) => other.child.once("exit", resolve));
    other.child.kill("SIGKILL");
    await exited;
    // The kernel drops the lock when the holder's pipe closes; allow the flock child a moment to go.
    let lock;
    for (let attempt = 0; !lock && attempt < 50; attempt++) {
      lock = await lockDataDir(dir).catch(async (error) => {
        if (!(error instanceof DataDirLockedError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
    }
    expect(lock).toBeDefined();
    await lock?.release();
  });

  it("trusts no process id left in the file: this process's own pid or any live one does not block", async () => {
    for (const stalePid of [process.pid, process.ppid, 1]) {
      const dir = freshDir();
      writeFileSync(path.join(dir, "server.lock"), String(stalePid));
      await (await lockDataDir(dir)).release();
    }
  });
});
