import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { uploadedFiles } from "../db/schema";

/**
 * Where uploaded files live: on disk on the embedded database (DATA_DIR/uploads), in the
 * database on a PostgreSQL server, which every server process reads (docs/decisions/018).
 */
export type FileStorage = DiskStorage | DatabaseStorage;

interface StorageCalls {
  /** Stores the bytes under `name`, whole or not at all. */
  save(name: string, bytes: Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
}

export interface DiskStorage extends StorageCalls {
  kind: "disk";
  /** The folder files are served from, for the static file handler. */
  readonly root: string;
}

export interface DatabaseStorage extends StorageCalls {
  kind: "database";
  /** The file's size and bytes `range` asks for (all without one), or null when there is no such file. */
  read(name: string, range?: ByteRange): Promise<{ size: number; bytes: Uint8Array } | null>;
}

/** From `start` to `end` inclusive (to the end of the file without one), as an HTTP Range asks. */
export interface ByteRange {
  start: number;
  end?: number;
}

export const STORED_NAME = /^[0-9a-f]{24}(-640w)?\.(webp|pdf|mp4)$/;

function checkName(name: string) {
  if (!STORED_NAME.test(name)) throw new Error(`Refusing to store an unexpected file name: ${name}`);
}

export function createDiskStorage(root: string): DiskStorage {
  // DATA_DIR's alone, whatever the umask (decision 044).
  const ready = mkdir(root, { recursive: true, mode: 0o700 });
  return {
    kind: "disk",
    root,
    async save(name, bytes) {
      checkName(name);
      await ready;
      // Written beside the target and renamed, so a reader never sees half a file.
      const temporary = path.join(root, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
      try {
        await writeFile(temporary, bytes, { mode: 0o600 });
        await rename(temporary, path.join(root, name));
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(name) {
      if (STORED_NAME.test(name)) await rm(path.join(root, name), { force: true });
    },
  };
}

export function createDatabaseStorage(db: Database): DatabaseStorage {
  return {
    kind: "database",
    async save(name, bytes) {
      checkName(name);
      await db
        .insert(uploadedFiles)
        .values({ name, content: bytes })
        .onConflictDoUpdate({ target: uploadedFiles.name, set: { content: bytes } });
    },
    async remove(name) {
      if (STORED_NAME.test(name)) await db.delete(uploadedFiles).where(eq(uploadedFiles.name, name));
    },
    async read(name, range) {
      if (!STORED_NAME.test(name)) return null;
      // A range is cut out by PostgreSQL: a video's seek reads its part, not the whole file.
      const content = range
        ? sql<Uint8Array>`substring(${uploadedFiles.content} from ${range.start + 1} for ${
            range.end === undefined ? 2 ** 31 - 1 : range.end - range.start + 1
          })`
        : uploadedFiles.content;
      const [row] = await db
        .select({ size: sql<number>`octet_length(${uploadedFiles.content})`.mapWith(Number), content })
        .from(uploadedFiles)
        .where(eq(uploadedFiles.name, name));
      return row ? { size: row.size, bytes: row.content } : null;
    },
  };
}

/**
 * Copies the uploads a server kept on its disk before they moved into the database (an existing
 * site upgraded), keeping any already there; the files stay on disk. Returns how many it copied.
 */
export async function importDiskUploads(root: string, db: Database): Promise<number> {
  const names = await readdir(root).then(
    (entries) => entries.filter((name) => STORED_NAME.test(name)),
    () => [],
  );
  let copied = 0;
  for (const name of names) {
    const inserted = await db
      .insert(uploadedFiles)
      .values({ name, content: await readFile(path.join(root, name)) })
      .onConflictDoNothing()
      .returning({ name: uploadedFiles.name });
    copied += inserted.length;
  }
  return copied;
}
