import { randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live. On disk by default (DATA_DIR/uploads); an object store would
 * implement the same three calls.
 */
export interface FileStorage {
  /** Stores the bytes under `name`, whole or not at all. */
  save(name: string, bytes: Uint8Array): Promise<void>;
  remove(name: string): Promise<void>;
  /** The folder files are served from, for the static file handler. */
  readonly root: string;
}

export const STORED_NAME = /^[0-9a-f]{24}(-640w)?\.(webp|pdf|mp4)$/;

export function createDiskStorage(root: string): FileStorage {
  const ready = mkdir(root, { recursive: true });
  return {
    root,
    async save(name, bytes) {
      if (!STORED_NAME.test(name)) throw new Error(`Refusing to store an unexpected file name: ${name}`);
      await ready;
      // Written beside the target and renamed, so a reader never sees half a file.
      const temporary = path.join(root, `.${name}.${randomBytes(4).toString("hex")}.tmp`);
      try {
        await writeFile(temporary, bytes);
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
