import { spawnSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { E2E_DATA_DIR } from "../playwright.config";

test("a second server on the same data directory refuses to start and says why", async () => {
  const second = spawnSync(process.execPath, ["build/app/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: "0", DATA_DIR: E2E_DATA_DIR },
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(second.status).toBe(1);
  expect(second.stderr).toContain("is already in use by another server");
  expect(second.stderr).toContain("Stop that server first, or start this one with another DATA_DIR.");
});
