import { readdirSync } from "node:fs";
import { uploadedFiles } from "~/.server/db/schema";
import { STORED_NAME } from "~/.server/storage/file-storage";
import type { TestApp } from "./test-app";

/** The names of every stored upload, wherever the app keeps them (disk or database), sorted. */
export async function storedUploads(t: TestApp): Promise<string[]> {
  const { storage } = t.services;
  if (storage.kind === "disk")
    return readdirSync(storage.root)
      .filter((name) => STORED_NAME.test(name))
      .sort();
  const rows = await t.database.db.select({ name: uploadedFiles.name }).from(uploadedFiles);
  return rows.map((row) => row.name).sort();
}
