import { execFile } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { lstat, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { projectRoot } from "~/.server/project-root";

/**
 * Issue 42: DATA_DIR is the server user's alone (0700 folders, 0600 files) whatever the umask it
 * was started with, the embedded database's own files included; a directory others could read is
 * fixed where this user owns it, and what it cannot fix is named in a warning.
 */
const work = mkdtempSync(path.join(tmpdir(), "carwash-private-"));
afterAll(() => rm(work, { recursive: true, force: true }));

/** Starts the server's runtime on `dataDir` in a process of its own with that umask (tests/data-dir-start.ts). */
function start(dataDir: string, umask: string): Promise<{ code: number; output: string }> {
  const tsx = path.join(projectRoot, "node_modules", ".bin", "tsx");
  return new Promise((resolve) => {
    execFile(
      "sh",
      ["-c", `umask ${umask} && exec "${tsx}" tests/data-dir-start.ts`],
      { cwd: projectRoot, env: { ...process.env, DATA_DIR: dataDir }, timeout: 120_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, output: stdout + stderr }),
    );
  });
}

/** Every file and folder in `dir` (itself included) whose mode gives group or others any right. */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (file: string) => {
    const stats = await lstat(file);
    if (stats.mode & 0o077) found.push(`${path.relative(dir, file) || "."} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(file)) await visit(path.join(file, name));
  };
  await visit(dir);
  return found;
}

describe("the server's DATA_DIR", { timeout: 150_000 }, () => {
  it("started with umask 000 on a fresh DATA_DIR: nothing in it is open to group or others", async () => {
    const dataDir = path.join(work, "fresh");
    const run = await start(dataDir, "000");
    expect(run).toMatchObject({ code: 0, output: expect.stringContaining("started") });
    // All it writes is there: the database's files, the lock, the token, the upload, the backup.
    expect(readdirSync(dataDir).sort()).toEqual(
      expect.arrayContaining(["backup-token.json", "backups", "pglite", "server.lock", "uploads"]),
    );
    expect(readdirSync(path.join(dataDir, "backups"))).toEqual(["carwash-2026-01-01-0300.tar.gz"]);
    expect(readdirSync(path.join(dataDir, "pglite")).length).toBeGreaterThan(5);
    expect(await openToOthers(dataDir)).toEqual([]);
    expect(run.output).not.toContain("DATA_DIR was open");
  });

  it("started on an existing 0755 DATA_DIR: fixes what it owns, warns about what it cannot", async () => {
    const dataDir = path.join(work, "existing");
    mkdirSync(path.join(dataDir, "old"), { recursive: true });
    writeFileSync(path.join(dataDir, "notes.txt"), "kept");
    writeFileSync(path.join(dataDir, "old", "list.csv"), "kept");
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, "old"), 0o777);
    chmodSync(path.join(dataDir, "notes.txt"), 0o644);
    chmodSync(path.join(dataDir, "old", "list.csv"), 0o666);
    // Another user's file (only root can make one): left as it is, and named.
    const root = process.getuid?.() === 0;
    if (root) {
      writeFileSync(path.join(dataDir, "theirs.txt"), "not ours");
      chmodSync(path.join(dataDir, "theirs.txt"), 0o644);
      chownSync(path.join(dataDir, "theirs.txt"), 65534, 65534);
    }
    const run = await start(dataDir, "022");
    expect(run).toMatchObject({ code: 0 });
    expect(await openToOthers(dataDir)).toEqual(root ? ["theirs.txt 644"] : []);
    const warnings = run.output.split("\n").filter((line) => line.includes("DATA_DIR"));
    expect(warnings).toEqual([
      expect.stringMatching(
        /DATA_DIR was open to other users of this machine: made 4 \(.*\) readable by this user only/,
      ),
      ...(root ? [expect.stringMatching(/belong to another user, left as they are: 1 \(.*theirs\.txt\)/)] : []),
    ]);
  });
});
