import { chmod, lstat, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { isMainThread } from "node:worker_threads";

/** The bits of group and others: none of them on anything the server keeps (decision 044). */
const OTHERS = 0o077;

/**
 * Makes what this process creates from now on its user's alone (umask 077: folders 0700, files
 * 0600), whatever umask it was started with. PGlite writes its files through Node with default
 * modes, so this is what keeps the database's own files private too. Worker threads cannot set it;
 * the server's own folders and files also pass their mode explicitly.
 */
export function keepNewFilesPrivate(): void {
  if (isMainThread) process.umask(OTHERS);
}

export interface PrivateDataDir {
  /** What this user owned and others could read or write, now owner-only. */
  fixed: string[];
  /** How many of those were folders (which let others reach what they hold). */
  openFolders: number;
  /** What others could read or write that belongs to another user: left, and warned about. */
  notOurs: string[];
}

/**
 * Takes group's and others' rights from everything under `dir` (itself included) that this user
 * owns; says what it changed and what belongs to another user. PGlite sets its files' modes itself
 * (0666, from its image of a new database): the embedded database calls this after opening and
 * closing its folder (db/client.ts), as DATA_DIR's own folder (0700) already keeps others out.
 */
export async function closeToOthers(dir: string): Promise<PrivateDataDir> {
  const uid = process.getuid?.();
  const result: PrivateDataDir = { fixed: [], openFolders: 0, notOurs: [] };
  const visit = async (file: string): Promise<void> => {
    const stats = await lstat(file).catch(() => undefined);
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & OTHERS) {
      if (uid === undefined || stats.uid === uid) {
        await chmod(file, stats.mode & 0o700);
        result.fixed.push(file);
        if (stats.isDirectory()) result.openFolders++;
      } else result.notOurs.push(file);
    }
    if (!stats.isDirectory()) return;
    // A folder's entries side by side: every start walks the whole DATA_DIR (uploads and backups
    // included), and one lstat after another was 40-80 ms for a fresh one.
    await Promise.all((await readdir(file).catch(() => [])).map((name) => visit(path.join(file, name))));
  };
  await visit(path.resolve(dir));
  return result;
}

/**
 * Makes DATA_DIR the server user's alone, as PostgreSQL requires of its own data directory: new
 * files private (keepNewFilesPrivate), the folder created 0700, and anything already in it that
 * group or others could read or write chmod'ed to owner-only when this user owns it. Each of what
 * was fixed and what could not be is said in one line. Symbolic links are not followed.
 */
export async function makeDataDirPrivate(dataDir: string, warn: (message: string) => void): Promise<PrivateDataDir> {
  keepNewFilesPrivate();
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const result = await closeToOthers(dataDir);
  const some = (files: string[]) => `${files.length} (${files.slice(0, 3).join(", ")}${files.length > 3 ? ", …" : ""})`;
  // A file open to others inside folders that are not (PGlite's own, between two starts) was never
  // reachable: fixed without a word. An open folder exposed what it held: that is said.
  if (result.openFolders)
    warn(`DATA_DIR was open to other users of this machine: made ${some(result.fixed)} readable by this user only.`);
  if (result.notOurs.length)
    warn(
      `DATA_DIR holds files other users can read or write that belong to another user, left as they are: ` +
        `${some(result.notOurs)}. Give them to the server's user (chown) or remove their group and other rights.`,
    );
  return result;
}
