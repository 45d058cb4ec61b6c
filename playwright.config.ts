import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./scripts/chromium";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
 * production build, started on a fresh embedded database that the demo seed fills; with
 * E2E_CLUSTER=1, through nginx in front of two server processes on one fresh PostgreSQL database
 * (scripts/cluster.ts: round robin, no sticky sessions; nginx on E2E_PORT, the processes on the
 * next two ports).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_CLUSTER = process.env.E2E_CLUSTER === "1";
export const E2E_DATA_DIR = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "carwash-e2e-")));

const desktop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export default defineConfig({
  testDir: "e2e",
  // Each test makes its own accounts and data (e2e/fixtures.ts), so tests run side by side.
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: "retain-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    // Tests tagged @shared-state change what other tests read and cannot be made per-test (the bays per
    // slot, the newest package of a tier, the newest hotels): they run first, one viewport after the
    // other, before any other test starts. (`--no-deps` leaves them out of a run of some other file.)
    { name: "desktop, shared state", use: desktop, grep: /@shared-state/ },
    { name: "phone, shared state", use: phone, grep: /@shared-state/, dependencies: ["desktop, shared state"] },
    // Tests tagged @phone (the slide-in menu) exist only at phone width: not run here rather than skipped.
    {
      name: "desktop",
      use: desktop,
      grepInvert: [/@phone/, /@shared-state/],
      // The embedded database's lock on DATA_DIR: the cluster's processes are on PostgreSQL, where
      // there is none to test (the single-server run has them).
      testIgnore: E2E_CLUSTER ? /data-dir-lock/ : undefined,
      dependencies: ["phone, shared state"],
    },
    // The process-level checks need no second viewport.
    {
      name: "phone",
      use: phone,
      // The counter's screens (@desk) are a laptop and a tablet, which those tests set themselves.
      grepInvert: [/@shared-state/, /@desk/],
      testIgnore: /data-dir-lock/,
      dependencies: ["phone, shared state"],
    },
  ],
  webServer: {
    ...(E2E_CLUSTER
      ? {
          command: `tsx scripts/cluster.ts --port ${E2E_PORT} --processes 2`,
          // The whole process group: nginx and the processes finish, and the database is dropped.
          gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
        }
      : { command: "node build/app/server.js" }),
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${E2E_PORT}`,
      // Every test signs in from 127.0.0.1; the production limits are tested in the API tests.
      RATE_LIMIT_SIGN_IN: "1000",
      RATE_LIMIT_SIGN_UP: "1000",
      RATE_LIMIT_BOOKINGS: "1000",
      // One social profile configured, so the footer shows it and hides the networks left unset.
      SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/sparkleautospa",
    },
  },
});
