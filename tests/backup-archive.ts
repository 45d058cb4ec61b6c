import * as tar from "tar";

/** The text of a backup archive's dump.sql. */
export async function readDump(file: string): Promise<string> {
  const chunks: Buffer[] = [];
  await tar.list({
    file,
    onReadEntry: (entry) => {
      if (entry.path === "dump.sql") entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      else entry.resume();
    },
  });
  return Buffer.concat(chunks).toString("utf8");
}
