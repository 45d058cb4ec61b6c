import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { SYSTEM } from "~/.server/audit/audit-log";
import { restoreBackup } from "~/.server/backup/restore";
import { twoFactors, users } from "~/.server/db/schema";
import { createApp } from "../server/app";
import { readEnv } from "../server/env";
import { openRuntime } from "../server/runtime";
import { signIn, signUp } from "../tests/accounts";
import { readDump } from "../tests/backup-archive";
import { setupTestApp, TEST_ORIGIN } from "../tests/test-app";
import { turnOnTwoFactor } from "../tests/two-factor";

/**
 * Decision 050: an authenticator's secret and backup codes sign someone in, so no archive holds
 * them (decision 044's rule); and the site restored from one locks nobody out.
 */
const AUTH_SECRET = randomBytes(32).toString("base64");
const t = setupTestApp({ env: { AUTH_SECRET } });
const work = mkdtempSync(path.join(tmpdir(), "carwash-2fa-backup-"));
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  await rm(work, { recursive: true, force: true });
});

describe("two-factor sign-in and backups", { tags: ["engine"], timeout: 120_000 }, () => {
  it("keeps the secrets and backup codes out of the archive; the restored site signs in with the password", async () => {
    const account = await signUp(t);
    const app = await turnOnTwoFactor(t, account);
    const [stored] = await t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, account.id));
    expect(stored).toBeDefined();

    const file = path.join(work, "site.tar.gz");
    const manifest = await t.services.backups.write(file, { by: SYSTEM, how: "nightly" });
    const dump = await readDump(file);
    expect(dump).toContain("CREATE TABLE public.two_factors (");
    expect(dump).not.toContain("INSERT INTO public.two_factors ");
    expect([stored!.secret, stored!.backupCodes].filter((key) => dump.includes(key))).toEqual([]);
    expect(manifest.rows).not.toHaveProperty("public.two_factors");

    const dataDir = mkdtempSync(path.join(work, "data-"));
    await restoreBackup(file, { kind: "pglite", dataDir });
    const env = readEnv({
      NODE_ENV: "test",
      SEED_DEMO_DATA: "false",
      PUBLIC_URL: TEST_ORIGIN,
      AUTH_SECRET,
      DATA_DIR: dataDir,
    });
    const runtime = await openRuntime(env, { rateLimit: false });
    closers.push(() => runtime.close());
    const restored = { request: (url: string, init?: RequestInit) => createApp({ runtime }).request(url, init) };

    const [user] = await runtime.database.db.select().from(users).where(eq(users.id, account.id));
    expect(user!.twoFactorEnabled).toBe(false);
    const signedIn = await signIn(restored as never, account.email, account.password);
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).not.toHaveProperty("twoFactorRedirect");
    // The old backup codes open nothing there either: the account sets two-factor up afresh.
    expect(app.backupCodes).toHaveLength(10);
    expect(await runtime.database.db.$count(twoFactors)).toBe(0);
  });
});
