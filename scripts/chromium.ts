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
