import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { appendFile, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { serve as nodeServe } from "@hono/node-server";
import * as tar from "tar";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { restoreBackup, type RestoreTarget } from "~/.server/backup/restore";
import type { BackupManifest } from "~/.server/backup/backup";
import { BACKUP_TOKEN_FILE, type BackupMade } from "~/.server/backup/backup-service";
import { SYSTEM } from "~/.server/audit/audit-log";
import type { Database } from "~/.server/db/client";
import {
  appSecrets,
  appSettings,
  bookings,
  outbox,
  rateLimits,
  reviews,
  serviceRecords,
  sessions,
  vehicles,
  verifications,
} from "~/.server/db/schema";
import { newObjectId } from "~/lib/object-id";
import { createApp } from "../server/app";
import { readEnv } from "../server/env";
import { openRuntime, type Runtime } from "../server/runtime";
import { jsonPost, signIn, signUp, signUpAdmin, type TestAccount } from "../tests/accounts";
import { buildBooking, buildBookingRequest, inDays, insertBookings } from "../tests/factories";
import { writtenMessages } from "../tests/outbox-mail";
import { backupRecords, contents, readDump } from "../tests/backup-archive";
import { setupTestApp, TEST_ORIGIN } from "../tests/test-app";
import { createScratchDatabase } from "../tests/test-database";

/**
 * Issue 31: a site backed up and restored, embedded → embedded, embedded → PostgreSQL (when
 * TEST_DATABASE_URL names a server) and PostgreSQL → PostgreSQL: the same rows, the old password,
 * an old manage link and the uploads work; a backup taken under 16 bookers is one moment;
 * `npm run restore` refuses a target that holds data, changing nothing.
 */
const postgres = process.env.TEST_DB_KIND === "postgres";
const serverUrl = process.env.TEST_DATABASE_URL;
/** The operator's AUTH_SECRET: backups never hold it (decision 044); a restore is given it again. */
const AUTH_SECRET = randomBytes(32).toString("base64");
const t = setupTestApp({ env: { RATE_LIMIT_BOOKINGS: "100000", AUTH_SECRET } });
const work = mkdtempSync(path.join(tmpdir(), "carwash-backup-test-"));
const cleanUps: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
  await rm(work, { recursive: true, force: true });
});

/** The backups this file makes for itself, recorded as the server's own. */
const MADE: BackupMade = { by: SYSTEM, how: "nightly" };
const UPLOAD = { name: `${randomBytes(12).toString("hex")}.webp`, bytes: randomBytes(5000) };
let _uploads: string[] | undefined;
const KEYS = {
  verification: randomBytes(16).toString("hex"),
  verifiedValue: randomBytes(16).toString("hex"),
  generatedSecret: randomBytes(48).toString("base64"),
  rateLimit: `sign-in:${randomBytes(8).toString("hex")}`,
};
const TRICKY_TEXT = "it's; -- not a comment\n$$ $tag$ \\ é ☂";
let member: TestAccount;
let admin: TestAccount;
let bookingId: string;
let manageToken: string;

beforeAll(async () => {
  const { db } = t.database;
  member = await signUp(t, { password: "old-password-1" });
  admin = await signUpAdmin(t);
  const response = await t.request("/api/bookings", jsonPost(buildBookingRequest({ email: member.email })));
  expect(response.status).toBe(201);
  ({ insertedId: bookingId, manageToken } = (await response.json()) as { insertedId: string; manageToken: string });
  // A booking in every state: each status, each visit stage.
  const stages = ["checked-in", "in-progress", "ready", "collected", "no-show"] as const;
  const rows = await insertBookings(db, [
    buildBooking({ status: "pending", specialInstructions: TRICKY_TEXT }),
    buildBooking({ status: "cancelled" }),
    ...stages.map((visitStage, i) => buildBooking({ status: "confirmed", visitStage, preferredDate: inDays(-i) })),
  ]);
  const collected = rows.find((r) => r.visitStage === "collected")!;
  await db.insert(vehicles).values({ id: newObjectId(), userId: member.id, vehicleType: "Car", make: "Honda" });
  await db.insert(serviceRecords).values({
    id: newObjectId(),
    bookingId: collected.id,
    vehicleKey: "jamie@example.com|honda|civic|Car",
    odometer: 42_000,
    oilType: "synthetic",
    oilName: "5W-30",
    servicedOn: inDays(-3),
    nextDueDate: inDays(180),
    nextDueMileage: 47_000,
  });
  await db.insert(reviews).values({
    id: newObjectId(),
    bookingId: collected.id,
    rating: 5,
    comment: TRICKY_TEXT,
    authorName: "Jamie R.",
    serviceLabel: "Full Detail",
    visitMonth: `${inDays(-3).slice(0, 7)}-01`,
    status: "published",
  });
  await db.insert(appSettings).values({ key: "backup-test", value: { text: TRICKY_TEXT } });
  // What signs someone in or forges a link, each with a value to look for in the dump (decision 044).
  await db.insert(verifications).values({
    id: newObjectId(),
    identifier: `reset-password:${KEYS.verification}`,
    value: KEYS.verifiedValue,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  await db.insert(appSecrets).values({ key: "auth_secret", value: KEYS.generatedSecret });
  await db.insert(rateLimits).values({ key: KEYS.rateLimit, points: 1, expire: new Date(Date.now() + 60_000) });
  // A pending password reset: its link, with its token, is in the outbox's e-mail.
  const reset = jsonPost({ email: member.email, redirectTo: "/reset-password" });
  expect((await t.request("/api/auth/request-password-reset", reset)).status).toBe(200);
  await t.services.storage.save(UPLOAD.name, UPLOAD.bytes);
});

/** An empty target of the given engine, dropped (or deleted) after the file. */
async function emptyTarget(kind: "pglite" | "postgres"): Promise<RestoreTarget> {
  if (kind === "pglite") return { kind, dataDir: mkdtempSync(path.join(work, "data-")) };
  const scratch = await createScratchDatabase(serverUrl!);
  cleanUps.push(scratch.drop);
  return { kind, url: scratch.url };
}

/** A server over the restored target, as `npm start` would open it (with the operator's AUTH_SECRET). */
async function serve(target: RestoreTarget, secret: string | null = AUTH_SECRET) {
  const env = readEnv({
    NODE_ENV: "test",
    SEED_DEMO_DATA: "false",
    PUBLIC_URL: TEST_ORIGIN,
    ...(secret && { AUTH_SECRET: secret }),
    ...(target.kind === "pglite"
      ? { DATA_DIR: target.dataDir }
      : { DATA_DIR: mkdtempSync(path.join(work, "pg-data-")), DATABASE_URL: target.url }),
  });
  const opened: Runtime = await openRuntime(env, { rateLimit: false });
  let closed: Promise<void> | undefined;
  const runtime = { ...opened, close: () => (closed ??= opened.close()) };
  cleanUps.push(() => runtime.close());
  const app = createApp({ runtime });
  return { runtime, fetch: app.fetch, request: (url: string, init?: RequestInit) => app.request(url, init) };
}

const source = postgres ? "PostgreSQL" : "the embedded database";
const targets: ("pglite" | "postgres")[] = postgres
  ? ["postgres", "pglite"]
  : ["pglite", ...(serverUrl ? ["postgres" as const] : [])];

describe(`a backup of ${source}`, { tags: ["engine"], timeout: 120_000 }, () => {
  let file: string;
  let manifest: BackupManifest;
  let sourceRows: Record<string, string[]>;

  beforeAll(async () => {
    file = path.join(work, "site.tar.gz");
    manifest = await t.services.backups.write(file, MADE);
    ({ "public.uploaded_files": _uploads, ...sourceRows } = await contents(t.database.db, manifest));
  });

  it("counts the rows and the uploads in its manifest", () => {
    expect(manifest).toMatchObject({ format: 1, engine: postgres ? "postgres" : "pglite" });
    expect(manifest.rows["public.bookings"]).toBe(8);
    expect(manifest.rows["public.users"]).toBe(2);
    expect(manifest.rows["public.outbox"]).toBeGreaterThan(0);
    expect(manifest.uploads).toEqual({ count: 1, bytes: UPLOAD.bytes.byteLength });
    expect(manifest.migrations.applied).toBeGreaterThan(20);
  });

  it("holds no session token, verification value, signing secret or rate-limit count", async () => {
    // The tokens work on the site that made it: as a cookie, and raw (before the dot) as a bearer.
    const bearer = sessionToken(admin);
    expect((await t.request("/api/backups", { headers: { Authorization: `Bearer ${bearer}` } })).status).toBe(200);
    const dump = await readDump(file);
    const mails = await writtenMessages(t, eq(outbox.to, member.email));
    const resetToken = mails.map((m) => /reset-password\/([\w-]+)/.exec(m.text)?.[1]).find(Boolean)!;
    expect(resetToken).toBeTruthy();
    expect(dump).toMatch(/reset-password\/x+\?/);
    const tokens = [sessionToken(member), bearer, resetToken];
    const keys = [...tokens, KEYS.verification, KEYS.verifiedValue, KEYS.generatedSecret, KEYS.rateLimit, AUTH_SECRET];
    expect(keys.filter((key) => dump.includes(key))).toEqual([]);
    // The tables themselves are there, empty: the restore makes the same schema on either engine.
    for (const table of ["sessions", "verifications", "app_secrets", "rate_limits"]) {
      expect(dump).toContain(`CREATE TABLE public.${table} (`);
      expect(dump).not.toContain(`INSERT INTO public.${table} `);
      expect(manifest.rows).not.toHaveProperty(`public.${table}`);
    }
    expect(dump).toContain("INSERT INTO public.accounts ");
  });

  it("leaves the site writing as before (the embedded database's one connection is handed back)", async () => {
    const request = buildBookingRequest({ email: `after-${Date.now()}@example.com`, preferredDate: inDays(12) });
    expect((await t.request("/api/bookings", jsonPost(request))).status).toBe(201);
    await t.database.db.delete(bookings).where(eq(bookings.email, request.email!));
  });

  it.each(targets)(
    "restores into an empty %s database: same rows, old password, manage link, uploads",
    async (kind) => {
      const target = await emptyTarget(kind);
      const report = await restoreBackup(file, target);
      expect(report.rows).toEqual(manifest.rows);
      const restored = await serve(target);
      expect(await restored.runtime.services.checkReady()).toMatchObject({ ready: true, pendingMigrations: 0 });
      const { "public.uploaded_files": _restoredUploads, ...restoredRows } = await contents(
        restored.runtime.database.db,
        manifest,
      );
      expect(restoredRows).toEqual(sourceRows);
      expect(await backupRecords(restored.runtime.database.db)).toEqual([
        {
          kind: "backup.restored",
          actor_name: "The server",
          actor_role: "system",
          subject_id: "site.tar.gz",
          summary: expect.stringMatching(/^Restored from site\.tar\.gz, a backup of .* made .*: 8 bookings, 1 upload$/),
        },
      ]);

      // Nobody is signed in: the old cookies and the bearer token are refused; passwords work.
      for (const account of [member, admin]) {
        const session = await restored.request("/api/auth/get-session", { headers: { Cookie: account.cookie } });
        expect(await session.json()).toBeNull();
      }
      expect((await restored.request("/api/backups", { headers: { Cookie: admin.cookie } })).status).toBe(401);
      const bearer = { Authorization: `Bearer ${sessionToken(admin)}` };
      expect((await restored.request("/api/backups", { headers: bearer })).status).toBe(401);
      const signedIn = await signIn({ request: restored.request } as never, member.email, "old-password-1");
      expect(signedIn.status).toBe(200);
      const managed = await restored.request(`/api/bookings/manage/${manageToken}`);
      expect(managed.status).toBe(200);
      expect(await managed.json()).toMatchObject({ booking: { _id: bookingId } });
      const upload = await restored.request(`/uploads/${UPLOAD.name}`);
      expect(upload.status).toBe(200);
      expect(Buffer.from(await upload.arrayBuffer()).equals(UPLOAD.bytes)).toBe(true);
    },
  );

  it("restored without AUTH_SECRET: a new secret, so an old manage link answers 404", async () => {
    const target = await emptyTarget(postgres ? "postgres" : "pglite");
    await restoreBackup(file, target);
    const restored = await serve(target, null);
    const [generated] = await restored.runtime.database.db.select().from(appSecrets);
    expect(generated!.value).not.toBe(KEYS.generatedSecret);
    expect((await restored.request(`/api/bookings/manage/${manageToken}`)).status).toBe(404);
  });

  it("restores an archive made before decision 044 without the sessions it holds", async () => {
    // Such an archive: this one with a live session of the member's added, and counted.
    const old = mkdtempSync(path.join(work, "old-"));
    await tar.extract({ file, cwd: old });
    const token = randomBytes(24).toString("base64url");
    await appendFile(
      path.join(old, "dump.sql"),
      `\nINSERT INTO public.sessions (id, token, expires_at, user_id) VALUES ` +
        `('${newObjectId()}', '${token}', now() + interval '1 day', '${member.id}');\n`,
    );
    const manifestFile = path.join(old, "manifest.json");
    const oldManifest = JSON.parse(await readFile(manifestFile, "utf8")) as BackupManifest;
    await writeFile(
      manifestFile,
      JSON.stringify({ ...oldManifest, rows: { ...oldManifest.rows, "public.sessions": 1 } }),
    );
    const oldFile = path.join(work, "old.tar.gz");
    await tar.create({ gzip: true, file: oldFile, cwd: old }, await readdir(old));

    const target = await emptyTarget(postgres ? "postgres" : "pglite");
    const report = await restoreBackup(oldFile, target);
    expect(report.rows["public.sessions"]).toBe(0);
    const restored = await serve(target);
    const session = await restored.request("/api/auth/get-session", { headers: { Authorization: `Bearer ${token}` } });
    expect(await session.json()).toBeNull();
    expect(await restored.runtime.database.db.$count(sessions)).toBe(0);
  });

  it("is downloaded by an admin, refused to a member or a wrong token", async () => {
    const admin = await signUpAdmin(t);
    const response = await t.request("/api/backups/archive", { headers: { Cookie: admin.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="carwash-.*\.tar\.gz"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect((await t.request("/api/backups/archive", { headers: { Cookie: member.cookie } })).status).toBe(403);
    expect((await t.request("/api/backups/archive", { headers: { "X-Backup-Token": "0".repeat(64) } })).status).toBe(
      401,
    );
    // Nothing is left behind in DATA_DIR/backups.
    expect(await readdir(t.services.backups.folder)).toEqual([]);
    const name = /filename="(.*)"/.exec(response.headers.get("content-disposition")!)![1];
    expect((await backupRecords(t.database.db)).at(-1)).toEqual({
      kind: "backup.made",
      actor_name: admin.name,
      actor_role: "admin",
      subject_id: name,
      summary: expect.stringMatching(
        new RegExp(`^Backup downloaded from the dashboard ${name}: 8 bookings, 1 upload, `),
      ),
    });
  });
});

describe(`a backup of ${source} taken while 16 clients book`, { tags: ["engine"], timeout: 120_000 }, () => {
  it("holds every booking acknowledged before it began, each whole (with its messages)", async () => {
    const acknowledged: { id: string }[] = [];
    const file = path.join(work, "busy.tar.gz");
    let backup: Promise<BackupManifest> | undefined;
    const booker = async (client: number) => {
      // "Anytime" holds no bay: no request is refused for a full slot. 16 × 25: the backup starts at
      // the 40th and the other 360 go on while it runs (960 cost 17 s on PGlite for the same proof).
      for (let n = 0; n < 25; n++) {
        const request = buildBookingRequest({
          email: `booker${client}-${n}@example.com`,
          preferredDate: inDays(20 + ((client * 7 + n) % 120)),
          preferredTimeSlot: "Anytime",
        });
        const response = await t.request("/api/bookings", jsonPost(request));
        expect(response.status).toBe(201);
        acknowledged.push({ id: ((await response.json()) as { insertedId: string }).insertedId });
        // Started from here: in-process requests on PGlite may never let a timer run until they all end.
        if (acknowledged.length === 40) {
          backup = t.services.backups.write(file, MADE);
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, (_, i) => booker(i)));
    const manifest = await backup!;
    // The 40 answered before the backup was asked for.
    const before = acknowledged.slice(0, 40);
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(acknowledged.length).toBeGreaterThan(before.length); // the bookers went on during the backup

    const target = await emptyTarget(postgres ? "postgres" : "pglite");
    await restoreBackup(file, target);
    const restored = await serve(target);
    const rows = async (db: Database, query: string) =>
      ((await db.execute(sql.raw(query))) as unknown as { rows: { id: string; messages: number }[] }).rows;
    const perBooking = `select b.id, (select count(*) from outbox o where o.booking_id = b.id)::int as messages
      from bookings b where b.email like 'booker%'`;
    const inBackup = await rows(restored.runtime.database.db, perBooking);
    const ids = new Set(inBackup.map((r) => r.id));
    expect(before.filter((a) => !ids.has(a.id))).toEqual([]);
    expect(inBackup.length).toBe(manifest.rows["public.bookings"]! - 8);
    // None half there: each restored booking has the messages its request wrote with it.
    const inSource = new Map((await rows(t.database.db, perBooking)).map((r) => [r.id, r.messages]));
    expect(inBackup.filter((r) => r.messages === 0 || r.messages !== inSource.get(r.id))).toEqual([]);
    // The backup was one moment in the middle, not after everyone was done.
    expect(inBackup.length).toBeLessThan(acknowledged.length);
  });
});

function npmRun(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", script, "--", ...args],
      { env: { ...inherited, ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}

describe(`npm run backup and npm run restore on ${source}`, { tags: ["engine"], timeout: 180_000 }, () => {
  it("restores once, then refuses the now non-empty target and changes nothing", async () => {
    const target = await emptyTarget(postgres ? "postgres" : "pglite");
    const env = target.kind === "pglite" ? { DATA_DIR: target.dataDir } : { DATABASE_URL: target.url };
    const file = path.join(work, "cli.tar.gz");
    await t.services.backups.write(file, MADE);
    const first = await npmRun("restore", [file], env);
    expect(first).toMatchObject({ code: 0, output: expect.stringContaining("every table's rows match the backup's") });
    // Before it starts: the secret is not in it; after: nobody is signed in.
    expect(first.output).toMatch(
      /^This backup holds no signing secret, and AUTH_SECRET is not set: .* will answer 404\./m,
    );
    expect(first.output).toContain("Nobody is signed in: no session is restored.");
    const before = await readRestored(target);
    const second = await npmRun("restore", [file], env);
    expect(second).toMatchObject({ code: 1, output: expect.stringContaining("Nothing restored.") });
    expect(await readRestored(target)).toEqual(before);
  });
});

// The running server is always an embedded one (only it locks DATA_DIR); its data comes from this
// project's engine, so both projects run it rather than one skipping it.
describe("npm run backup while a server holds DATA_DIR", { tags: ["engine"], timeout: 120_000 }, () => {
  it("asks that server with the secret in DATA_DIR/backup-token.json, which only its user reads", async () => {
    const target = (await emptyTarget("pglite")) as { kind: "pglite"; dataDir: string };
    const file = path.join(work, "to-serve.tar.gz");
    await t.services.backups.write(file, MADE);
    await restoreBackup(file, target);
    const running = await serve(target);
    const server = nodeServe({ fetch: running.fetch, hostname: "127.0.0.1", port: 0 });
    cleanUps.push(() => new Promise((resolve) => server.close(resolve)));
    await new Promise((resolve) => server.once("listening", resolve));
    await running.runtime.services.backups.announce((server.address() as AddressInfo).port);
    expect((await stat(path.join(target.dataDir, BACKUP_TOKEN_FILE))).mode & 0o777).toBe(0o600);

    const out = path.join(work, "asked.tar.gz");
    const run = await npmRun("backup", ["--out", out], { DATA_DIR: target.dataDir });
    expect(run).toMatchObject({ code: 0, output: expect.stringContaining("written by the running server") });
    const listed: string[] = [];
    await tar.list({ file: out, onReadEntry: (entry) => listed.push(entry.path) });
    expect(listed).toEqual(expect.arrayContaining(["manifest.json", "dump.sql", `uploads/${UPLOAD.name}`]));
    expect((await backupRecords(running.runtime.database.db)).at(-1)).toMatchObject({
      kind: "backup.made",
      actor_name: "npm run backup",
      actor_role: "system",
      summary: expect.stringMatching(/^Backup by npm run backup carwash-.*: [\d,]+ bookings, 1 upload, /),
    });
  });
});

/** The session token of an account's cookie: what better-auth keeps in `sessions.token`. */
function sessionToken(account: TestAccount): string {
  const value = decodeURIComponent(/session_token=([^;]+)/.exec(account.cookie)![1]!);
  return value.split(".")[0]!;
}

/** What a target holds (rows and files), opened and closed again. */
async function readRestored(target: RestoreTarget) {
  const restored = await serve(target);
  try {
    const { rows } = (await restored.runtime.database.db.execute(
      sql`select (select count(*) from bookings)::int as bookings, (select max(updated_at) from bookings)::text as changed`,
    )) as unknown as { rows: unknown[] };
    const files = target.kind === "pglite" ? await readdir(path.join(target.dataDir, "uploads")) : [];
    return { rows, files };
  } finally {
    await restored.runtime.close();
  }
}
