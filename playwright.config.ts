import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, type Project } from "@playwright/test";
import { e2eLaunchOptions } from "./scripts/chromium";

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the
 * production build, started on a fresh embedded database that the demo seed fills; with
 * E2E_CLUSTER=1, through nginx in front of two server processes on one fresh PostgreSQL database
 * (scripts/cluster.ts: round robin, no sticky sessions; nginx on E2E_PORT, the processes on the
 * next two ports).
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_CLUSTER = process.env.E2E_CLUSTER === "1";
/**
 * Set by `npm run test:e2e`, whose cluster run follows: the one-server run leaves the @cluster tests
 * at desktop width to it, so each runs once, through two processes (docs/testing.md). Unset, as in a
 * plain `npx playwright test`, one server runs them too.
 */
const CLUSTER_RUN_FOLLOWS = !E2E_CLUSTER && process.env.E2E_CLUSTER_RUN_FOLLOWS === "1";
export const E2E_DATA_DIR = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "carwash-e2e-")));
/** The test server's key, so a test can write a link only the server may (an unsubscribe link). */
export const E2E_AUTH_SECRET = "end-to-end-tests-only-secret-0123456789";

const desktop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/**
 * Which tests each project runs, by the tags at the end of their titles (docs/testing.md):
 * - @shared-state: changes what other tests read (the bays per slot, the newest package of a tier,
 *   the newest hotels) and cannot be made per-test: runs first, one viewport after the other, before
 *   any other test starts. (`--no-deps` leaves them out of a run of some other file.)
 * - @layout: a layout or touch journey (header, home, public pages, the booking journey, the manage
 *   link, My Bookings): with @phone, all the phone width runs. Admin flows, headers and visitor reads
 *   run at desktop width only: their layout is not what they assert.
 * - @phone: exists only at phone width (the slide-in menus): not run at desktop rather than skipped.
 * - @desk: sets its own viewports (the counter's laptop and tablet): never in the phone project.
 * - @cluster: what a second process could change (sessions, writes other processes then show,
 *   caches, uploads, e-mails): all the run through nginx and two processes (E2E_CLUSTER=1) runs,
 *   at desktop width. Untagged there, `data-dir-lock` (the embedded database's lock) runs on one server only.
 *   When that run follows (CLUSTER_RUN_FOLLOWS), the one server runs them at phone width only.
 */
const tagged = (...tags: string[]) => new RegExp(tags.map((tag) => `(?=.*${tag}\\b)`).join(""));

const projects: Project[] = E2E_CLUSTER
  ? [
      { name: "desktop, shared state", use: desktop, grep: tagged("@shared-state", "@cluster") },
      {
        name: "desktop",
        use: desktop,
        grep: tagged("@cluster"),
        grepInvert: [/@phone/, /@shared-state/],
        dependencies: ["desktop, shared state"],
      },
    ]
  : [
      {
        name: "desktop, shared state",
        use: desktop,
        grep: /@shared-state/,
        grepInvert: CLUSTER_RUN_FOLLOWS ? [/@cluster/] : undefined,
      },
      {
        name: "phone, shared state",
        use: phone,
        grep: tagged("@shared-state", "@layout"),
        dependencies: ["desktop, shared state"],
      },
      {
        name: "desktop",
        use: desktop,
        grepInvert: [/@phone/, /@shared-state/, ...(CLUSTER_RUN_FOLLOWS ? [/@cluster/] : [])],
        dependencies: ["phone, shared state"],
      },
      {
        name: "phone",
        use: phone,
        grep: [/@layout/, /@phone/],
        grepInvert: [/@shared-state/, /@desk/],
        dependencies: ["phone, shared state"],
      },
    ];

export default defineConfig({
  testDir: "e2e",
  // Each test makes its own accounts and data (e2e/fixtures.ts), so tests run side by side.
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: [["list"]],
  // CI's machine ran the same tests 1.8 to 2.5 times slower than this one (stop 51: 18.5 min against
  // 7.4): the waits are for a slow machine, never for a wrong answer, which fails either way.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // A failed test's trace keeps the page's DOM at each step, not the screencast: recording frames
    // for every test cost 12 % of the run's CPU, to be thrown away when the test passes (stop 53).
    // On CI none at all: its machine keeps only the console's output, so a trace there is recorded
    // for nobody (a failure is read from the output, then run again here with the trace).
    trace: process.env.CI ? "off" : { mode: "retain-on-failure", screenshots: false, snapshots: true },
    launchOptions: e2eLaunchOptions,
  },
  projects,
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
      // A reminder months away is seen by moving the follow-ups' clock (PUT /api/test-clock): one
      // process's clock, so the tests that move it are not @cluster.
      TEST_CLOCK: "true",
      AUTH_SECRET: E2E_AUTH_SECRET,
      // One social profile configured, so the footer shows it and hides the networks left unset.
      SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/sparkleautospa",
    },
  },
});
