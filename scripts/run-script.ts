import { DataDirLockedError } from "../server/db/data-dir-lock";
import { EnvError } from "../server/env";

/** Runs a command-line script: expected failures print their message only, and the exit code tells. */
export async function runScript(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    const expected = error instanceof EnvError || error instanceof DataDirLockedError;
    console.error(expected ? (error as Error).message : error);
    process.exitCode = 1;
  }
}
