import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * PGlite has no cross-process lock: two processes on one data directory corrupt it.
 *
 * The lock is an advisory `flock` on DATA_DIR/server.lock, held by a small `flock` child
 * process for as long as this process lives. The operating system releases it when its
 * holder dies, however it dies: when this process is killed (even SIGKILL) the child's
 * stdin pipe closes, the child exits and the kernel drops the lock. Nothing trusts a
 * process id, so a restart as the same pid (pid 1 in a container) or a stale file naming
 * some unrelated live process never keeps the site down. The file's content (the owner's
 * pid) is only there for the refusal message.
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  release(): Promise<void>;
}

const LOCKED_EXIT_CODE = 75;
/** Directories this process holds, to tell a second open in the same process apart. */
const heldHere = new Set<string>();

export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const dir = realpathSync(dataDir);
  if (heldHere.has(dir)) throw new DataDirLockedError(`The data directory ${dir} is already open in this process.`);
  const file = path.join(dir, "server.lock");
  const holder = await holdFlock(file);
  if (!holder) {
    throw new DataDirLockedError(
      `The data directory ${dir} is already in use by another server${ownerOf(file)}. ` +
        `Stop that server first, or start this one with another DATA_DIR.`,
    );
  }
  heldHere.add(dir);
  writeFileSync(file, String(process.pid), { mode: 0o600 });
  let released: Promise<void> | undefined;
  return {
    release() {
      released ??= new Promise<void>((resolve) => {
        heldHere.delete(dir);
        holder.once("exit", () => resolve());
        // The holder was unref'd so it cannot keep a process alive; while it is waited for here it
        // must, or Node sees nothing left to do and ends the script before this settles (exit 13).
        holder.ref();
        // Closing its stdin ends `cat`, then `flock` exits and the kernel releases the lock.
        holder.stdin?.end();
      });
      return released;
    },
  };
}

/** Starts `flock` without waiting; resolves with the holding child, or null when another process holds the lock. */
function holdFlock(file: string): Promise<ChildProcess | null> {
  return new Promise((resolve, reject) => {
    // --close: only the flock process holds the lock; `cat` merely waits for our stdin to close.
    const child = spawn(
      "flock",
      [
        "--nonblock",
        "--close",
        "--conflict-exit-code",
        String(LOCKED_EXIT_CODE),
        file,
        "sh",
        "-c",
        "echo locked; exec cat",
      ],
      { stdio: ["pipe", "pipe", "inherit"] },
    );
    child.once("error", (error) => reject(new Error(`Cannot lock the data directory with flock(1): ${error.message}`)));
    child.once("exit", (code) => {
      if (code === LOCKED_EXIT_CODE) resolve(null);
      else reject(new Error(`flock(1) stopped unexpectedly (exit ${code}) while locking ${file}.`));
    });
    child.stdout?.once("data", () => {
      child.removeAllListeners("exit");
      // The holder must not keep a finished script alive; the lock lives as long as this process.
      child.unref();
      (child.stdout as unknown as { unref(): void }).unref();
      (child.stdin as unknown as { unref(): void }).unref();
      resolve(child);
    });
  });
}

function ownerOf(file: string): string {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? ` (process ${pid})` : "";
  } catch {
    return "";
  }
}
