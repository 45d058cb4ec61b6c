import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { plans } from "~/.server/db/schema";
import { readEnv } from "./env";
import { openRuntime } from "./runtime";

describe("openRuntime on the embedded database", () => {
  it("keeps data across restarts, seeds only the first time, and refuses a second process on the same folder", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "runtime-test-"));
    const env = readEnv({ DATA_DIR: dataDir });

    const first = await openRuntime(env);
    expect(first.seeded).toBe(true);
    const seededCount = await first.database.db.$count(plans);
    expect(seededCount).toBeGreaterThan(0);
    await expect(openRuntime(env)).rejects.toThrow(/already (in use by another server|open in this process)/);
    await first.close();

    const second = await openRuntime(env);
    expect(second.seeded).toBe(false);
    expect(await second.database.db.$count(plans)).toBe(seededCount);
    await second.close();
  }, 60_000);
});
