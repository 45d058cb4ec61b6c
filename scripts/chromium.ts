/**
 * How every tool here starts Chromium: Debian's build (never a downloaded browser), headless-safe
 * flags that keep it off the network and quiet. Used by the e2e config, screenshots, the audit
 * and the artwork renderer.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * The end-to-end tests drive Debian's Chromium headless shell: the same Blink and V8 as the browser
 * (one Debian source package, one version), without the full browser's windowing layers. It is
 * what Playwright itself runs for headless tests. The suite's Chromium CPU went down by a quarter
 * (docs/testing.md, stop 55). Screenshots, the audit and the artwork keep the full browser.
 */
export const E2E_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
export const e2eLaunchOptions = { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS };
