import { DataDirLockedError } from "~/.server/db/data-dir-lock";
import { keepNewFilesPrivate } from "~/.server/private-data-dir";
import { EnvError } from "../server/env";

/** A failure the person running the script can act on: its message is all they need. */
export class ScriptError extends Error {}

/** Runs a command-line script: expected failures print their message only, and the exit code tells. */
export async function runScript(main: () => Promise<void>): Promise<void> {
  // What a script writes (a restored database, an archive, DATA_DIR itself) is its user's alone.
  keepNewFilesPrivate();
  try {
    await main();
  } catch (error) {
    const expected = error instanceof ScriptError || error instanceof EnvError || error instanceof DataDirLockedError;
    console.error(expected ? (error as Error).message : error);
    process.exitCode = 1;
  }
}
