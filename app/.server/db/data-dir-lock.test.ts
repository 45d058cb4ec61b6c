import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DataDirLockedError, lockDataDir } from "./data-dir-lock";

const freshDir = () => mkdtempSync(path.join(tmpdir(), "lock-test-"));

describe("lockDataDir", () => {
  it("refuses a second lock on the same directory while the first is held", () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(path.join(dir, "server.lock"))).toBe(false);
    lockDataDir(dir).release();
  });

  it("names the directory and the owning process in its message", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "server.lock"), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by another server \\(process ${process.ppid}\\)`));
  });

  it("takes over a lock left by a process that no longer runs", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, "server.lock"), "999999999");
    const lock = lockDataDir(dir);
    lock.release();
  });
});
