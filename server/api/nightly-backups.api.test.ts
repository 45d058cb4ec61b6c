import { mkdtempSync } from "node:fs";
import { readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NightlyBackups } from "~/features/backups/nightly-backups.server";
import { zonedTimeToUtc } from "~/lib/business-date";
import { as, callAs, jsonPost, signUp, signUpAdmin, type TestAccount } from "../../tests/accounts";
import { buildBooking, insertBookings } from "../../tests/factories";
import { setupTestApp, TEST_ORIGIN } from "../../tests/test-app";
import { readEnv } from "../env";
import { openRuntime, type Runtime } from "../runtime";

/**
 * Issue 31: the nightly backup into DATA_DIR/backups, on both engines. Made once a night at or
 * after its time, however many sweeps run at once (on PostgreSQL from two server instances, each
 * its own connections and DATA_DIR, as two processes); never before it; the oldest deleted beyond
 * the number kept; off by default on PostgreSQL. Its archives download for admins only, by name
 * of the nightly shape only.
 */
const postgres = process.env.TEST_DB_KIND === "postgres";
const t = setupTestApp();
let admin: TestAccount;
let member: TestAccount;
let other: Runtime | undefined;
/** The two sweepers: this instance's, and another process's on PostgreSQL (the same one on PGlite). */
let here: NightlyBackups;
let there: NightlyBackups;
const folders = () => [...new Set([t.services.backups.folder, other?.services.backups.folder ?? ""])].filter(Boolean);

beforeAll(async () => {
  admin = await signUpAdmin(t);
  member = await signUp(t);
  await insertBookings(t.database.db, [buildBooking(), buildBooking(), buildBooking()]);
  here = t.services.nightlyBackups;
  there = here;
  if (postgres) {
    const env = readEnv({
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      PUBLIC_URL: TEST_ORIGIN,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "carwash-test-")),
      DATABASE_URL: (t.database as { url?: string }).url!,
    });
    other = await openRuntime(env, { rateLimit: false });
    there = other.services.nightlyBackups;
  }
});
afterAll(async () => {
  await other?.close();
});

const timeZone = () => t.services.dependencies.site.timeZone;
/** The instant the business's clock shows `time` on `date`. */
const at = (date: string, time: string) => zonedTimeToUtc(date, time, timeZone());
/** A sweeper's folder's files; none when it was never made (or was removed, as the failure test does). */
const listing = (folder: string) => readdir(folder).catch(() => [] as string[]);
/** The nightly archives in every sweeper's folder. */
async function archives(): Promise<string[]> {
  const names = await Promise.all(folders().map(listing));
  return names
    .flat()
    .filter((n) => n.startsWith("carwash-"))
    .sort();
}
async function madeRecords() {
  const result = (await t.database.db.execute(
    sql`select actor_name, actor_role, subject_id, summary from audit_events where kind = 'backup.made' order by at, id`,
  )) as unknown as { rows: Record<string, string>[] };
  return result.rows;
}
const settings = (change: object, who: TestAccount | null = admin) =>
  callAs(t, who, "/api/backups/settings", jsonPost(change, { method: "PATCH" }));

describe("the nightly backup's settings", () => {
  it(
    `start ${postgres ? "off on PostgreSQL, saying why" : "on with the embedded database"}: 03:00, seven kept`,
    { tags: ["engine"] },
    async () => {
      const { status, body } = await callAs(t, admin, "/api/backups");
      expect(status).toBe(200);
      expect(body).toEqual({
        engine: postgres ? "postgres" : "pglite",
        settings: { nightlyBackups: !postgres, backupTime: "03:00", backupKeep: 7 },
        folder: t.services.backups.folder,
        kept: [],
        lastFailure: null,
      });
    },
  );

  it("make nothing while the nightly backup is off (PostgreSQL's default)", async () => {
    expect((await settings({ nightlyBackups: false })).status).toBe(200);
    expect(
      await Promise.all([here.runDue(at("2030-06-01", "03:30")), there.runDue(at("2030-06-01", "04:00"))]),
    ).toEqual([null, null]);
    expect(await archives()).toEqual([]);
  });

  it("refuse a time that is not HH:MM and a count outside 1–90", async () => {
    for (const change of [{ backupTime: "25:00" }, { backupTime: "3am" }, { backupKeep: 0 }, { backupKeep: 91 }]) {
      const { status, body } = await settings(change);
      expect(status).toBe(400);
      expect(body.error.fields).toHaveProperty(Object.keys(change)[0]!);
    }
    expect((await settings({})).status).toBe(400);
  });

  it("are an admin's: a visitor is asked to sign in, a member refused", async () => {
    expect((await settings({ backupKeep: 3 }, null)).status).toBe(401);
    expect((await settings({ backupKeep: 3 }, member)).status).toBe(403);
    expect((await callAs(t, null, "/api/backups")).status).toBe(401);
    expect((await callAs(t, member, "/api/backups")).status).toBe(403);
  });
});

describe("the nightly backup", { tags: ["engine"], timeout: 120_000 }, () => {
  beforeAll(async () => {
    const { status, body } = await settings({ nightlyBackups: true, backupTime: "03:00", backupKeep: 2 });
    expect({ status, body }).toEqual({
      status: 200,
      body: { nightlyBackups: true, backupTime: "03:00", backupKeep: 2 },
    });
  });

  it("when it fails, is tried again ten minutes later, not every minute, and the Backups page says why", async () => {
    // A file where the folder should be: the archive cannot be written.
    const blocked = t.services.backups.folder;
    await writeFile(blocked, "not a folder");
    try {
      expect(await here.runDue(at("2030-06-02", "03:00"))).toBeNull();
      expect(await here.runDue(at("2030-06-02", "03:05"))).toBeNull();
      const { body } = await callAs(t, admin, "/api/backups");
      expect(body.lastFailure).toEqual({ at: at("2030-06-02", "03:00").toISOString(), message: expect.any(String) });
    } finally {
      await rm(blocked);
    }
    expect(await there.runDue(at("2030-06-02", "03:11"))).toBe("carwash-2030-06-02-0311.tar.gz");
    expect((await callAs(t, admin, "/api/backups")).body.lastFailure).toBeNull();
  });

  it("is not made before its time", async () => {
    expect(
      await Promise.all([here.runDue(at("2030-06-03", "02:59")), there.runDue(at("2030-06-03", "00:10"))]),
    ).toEqual([null, null]);
    expect(await archives()).toEqual(["carwash-2030-06-02-0311.tar.gz"]);
  });

  it("is made once at its time however many sweep at once, and recorded once", async () => {
    const before = (await madeRecords()).length;
    const made = await Promise.all([
      here.runDue(at("2030-06-03", "03:00")),
      there.runDue(at("2030-06-03", "03:00")),
      here.runDue(at("2030-06-03", "03:01")),
      there.runDue(at("2030-06-03", "03:01")),
    ]);
    expect(made.filter(Boolean)).toHaveLength(1);
    // Later that night, nothing more.
    expect(await here.runDue(at("2030-06-03", "23:59"))).toBeNull();
    const name = made.find(Boolean)!;
    expect(await archives()).toEqual(["carwash-2030-06-02-0311.tar.gz", name]);
    expect(name).toMatch(/^carwash-2030-06-03-030[01]\.tar\.gz$/);
    const records = await madeRecords();
    expect(records).toHaveLength(before + 1);
    expect(records.at(-1)).toEqual({
      actor_name: "The server",
      actor_role: "system",
      subject_id: name,
      summary: expect.stringMatching(
        new RegExp(`^Nightly backup ${name.replaceAll(".", "\\.")}: 3 bookings, 0 uploads, `),
      ),
    });
    // A real archive, whole: its manifest counts the bookings.
    // Only the winner's folder need exist: the failure test above removed this instance's.
    const folder = (await Promise.all(folders().map(async (f) => ((await listing(f)).includes(name) ? f : null)))).find(
      Boolean,
    )!;
    let manifest = "";
    await tar.list({
      file: path.join(folder, name),
      onReadEntry: (entry) => {
        if (entry.path === "manifest.json") entry.on("data", (chunk: Buffer) => (manifest += chunk.toString()));
      },
    });
    expect(JSON.parse(manifest)).toMatchObject({ rows: { "public.bookings": 3 } });
  });

  it("keeps the newest as many as set, deleting the oldest first", async () => {
    for (const date of ["2030-06-04", "2030-06-05", "2030-06-06"])
      expect(await here.runDue(at(date, "03:02"))).toBe(`carwash-${date}-0302.tar.gz`);
    // Each process keeps (and prunes) its own DATA_DIR/backups.
    expect((await readdir(t.services.backups.folder)).sort()).toEqual([
      "carwash-2030-06-05-0302.tar.gz",
      "carwash-2030-06-06-0302.tar.gz",
    ]);
    const { body } = await callAs(t, admin, "/api/backups");
    expect(body.kept).toEqual([
      { name: "carwash-2030-06-06-0302.tar.gz", bytes: expect.any(Number), madeAt: expect.any(String) },
      { name: "carwash-2030-06-05-0302.tar.gz", bytes: expect.any(Number), madeAt: expect.any(String) },
    ]);
    expect(body.kept[0].bytes).toBeGreaterThan(1000);
  });
});

describe("a kept nightly archive's download", { timeout: 60_000 }, () => {
  const NAME = "carwash-2030-06-06-0302.tar.gz";
  const get = (who: TestAccount | null, name: string) => t.request(`/api/backups/nightly/${name}`, as(who));

  it("is the file, for an admin", async () => {
    const response = await get(admin, NAME);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${NAME}"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
  });

  it("asks a visitor to sign in and refuses a member", async () => {
    expect((await get(null, NAME)).status).toBe(401);
    expect((await get(member, NAME)).status).toBe(403);
  });

  it("is 404 for a pruned one and for any name not of the nightly shape, however it climbs", async () => {
    // Files beside the archives that must never be served: a download being written, anything else.
    await writeFile(path.join(t.services.backups.folder, ".download-0123.tar.gz"), "partial");
    await writeFile(path.join(t.services.backups.folder, "carwash-2030-06-07-0302.tar.gz.partial"), "partial");
    for (const name of [
      "carwash-2030-06-04-0302.tar.gz",
      ".download-0123.tar.gz",
      "carwash-2030-06-07-0302.tar.gz.partial",
      "..%2F..%2Fpglite%2FPG_VERSION",
      "..%2Fbackup-token.json",
      "%2Fetc%2Fpasswd",
      "carwash-2030-06-06-0302.tar.gz%00.txt",
    ]) {
      const response = await get(admin, name);
      expect({ name, status: response.status }).toEqual({ name, status: 404 });
    }
  });
});
