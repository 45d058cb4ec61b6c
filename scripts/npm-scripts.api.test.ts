import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchDatabase } from "../tests/test-database";

/**
 * The database scripts as a shop runs them, `npm run …` in a child process: a deploy step checks
 * the exit code, so it must be 0 after success and non-zero after failure, on the embedded
 * database (a fresh DATA_DIR) and on PostgreSQL (a scratch database), as TEST_DB_KIND says.
 */
const postgres = process.env.TEST_DB_KIND === "postgres";
let env: NodeJS.ProcessEnv;
let cleanUp: () => Promise<void>;

beforeAll(async () => {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  if (postgres) {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    env = { ...inherited, DATABASE_URL: scratch.url };
    cleanUp = scratch.drop;
  } else {
    const dataDir = await mkdtemp(path.join(tmpdir(), "carwash-scripts-"));
    env = { ...inherited, DATA_DIR: dataDir };
    cleanUp = () => rm(dataDir, { recursive: true, force: true });
  }
});
afterAll(() => cleanUp());

interface Run {
  code: number;
  output: string;
}

function npmRun(script: string, args: string[] = [], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  const options = { env: { ...env, ...extraEnv }, timeout: 90_000 };
  return new Promise((resolve) => {
    execFile("npm", ["run", "--silent", script, "--", ...args], options, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, output: stdout + stderr });
    });
  });
}

// Each run starts tsx and opens the database: seconds each, more on a busy machine.
describe(
  `the database scripts on ${postgres ? "PostgreSQL" : "the embedded database"}`,
  { tags: ["engine"], timeout: 180_000 },
  () => {
    it("db:seed exits 0 after seeding, 1 when the environment is wrong", async () => {
      const [seeded, misconfigured] = await Promise.all([
        npmRun("db:seed"),
        npmRun("db:seed", [], { PORT: "not a port" }),
      ]);
      expect(seeded).toMatchObject({ code: 0, output: expect.stringContaining("Demo data seeded.") });
      expect(misconfigured).toMatchObject({ code: 1, output: expect.stringContaining("PORT") });
    });

    it("admin exits 0 after making an account an administrator, 1 when no account uses the e-mail", async () => {
      expect(await npmRun("admin", ["--email", "member@example.com"])).toMatchObject({
        code: 0,
        output: expect.stringContaining("<member@example.com> is now an administrator."),
      });
      expect(await npmRun("admin", ["--email", "nobody@example.com"])).toMatchObject({
        code: 1,
        output: expect.stringContaining("No account uses nobody@example.com"),
      });
    });

    it("db:seed-bookings exits 0 after adding bookings, 1 for a bad count", async () => {
      const [added, refused] = await Promise.all([
        npmRun("db:seed-bookings", ["--count", "50"]),
        npmRun("db:seed-bookings", ["--count", "none"]),
      ]);
      expect(added).toMatchObject({ code: 0 });
      expect(refused).toMatchObject({
        code: 1,
        output: expect.stringContaining("--count must be a positive whole number"),
      });
    });

    it("db:reset exits 0 after starting over (PostgreSQL asks for --yes first, exiting 1)", async () => {
      if (postgres)
        expect(await npmRun("db:reset")).toMatchObject({ code: 1, output: expect.stringContaining("-- --yes") });
      expect(await npmRun("db:reset", ["--yes"])).toMatchObject({
        code: 0,
        output: expect.stringContaining("Database reset"),
      });
    });
  },
);
