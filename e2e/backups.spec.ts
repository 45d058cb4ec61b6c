import { readFile } from "node:fs/promises";
import type { APIRequestContext } from "@playwright/test";
import * as tar from "tar";
import type { BackupManifest } from "~/.server/backup/backup";
import { buildBookingRequest } from "../tests/factories";
import { expect, test, uniqueEmail } from "./fixtures";
import { futureDate, waitForReact } from "./support";

/** How many bookings the site holds, as the admin's list counts them. */
async function bookingsTotal(request: APIRequestContext): Promise<number> {
  const response = await request.get("/api/bookings?limit=1");
  expect(response.ok()).toBe(true);
  return Number(response.headers()["x-total-count"]);
}

/** The archive's manifest.json and whether dump.sql holds `text`, read with the same tar the server packs with. */
async function readArchive(file: string, text: string) {
  let manifest = "";
  let dump = "";
  await tar.list({
    file,
    onReadEntry: (entry) => {
      if (entry.path === "manifest.json") entry.on("data", (chunk: Buffer) => (manifest += chunk.toString()));
      else if (entry.path === "dump.sql") entry.on("data", (chunk: Buffer) => (dump += chunk.toString()));
    },
  });
  return { manifest: JSON.parse(manifest) as BackupManifest, holds: dump.includes(text) };
}

test("the admin downloads a backup of the whole site from the dashboard", async ({ page, request, admin: _ }) => {
  const email = uniqueEmail("backed-up");
  const booked = await request.post("/api/bookings", {
    data: buildBookingRequest({ email, preferredDate: futureDate(page, 30), preferredTimeSlot: "Anytime" }),
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const before = await bookingsTotal(page.request);

  await page.goto("/dashboard/backups");
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  // The server's commands and folders are for whoever looks after it: behind "How to restore".
  await expect(page.getByText("npm run restore", { exact: false })).toBeHidden();
  await page.getByText("How to restore").click();
  await expect(page.getByText("npm run restore", { exact: false })).toBeVisible();
  await expect(page.getByText("docs/operations.md")).toBeVisible();
  const button = page.getByRole("button", { name: "Download a backup now" });
  await waitForReact(button);
  // Held a moment on its way to the server, so the page's wait can be seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/backups/archive", async (route) => {
    await held;
    await route.continue();
  });
  const download = page.waitForEvent("download");
  await button.click();
  await expect(page.getByRole("button", { name: "Preparing…" })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: "Preparing the backup" })).toContainText(
    "The site pauses for customers while the database is copied",
  );
  release();
  const file = await download;
  const name = file.suggestedFilename();
  expect(name).toMatch(/^carwash-.+\.tar\.gz$/);
  await expect(page.getByText(`Saved ${name}`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Download a backup now" })).toBeEnabled();

  const saved = test.info().outputPath(name);
  await file.saveAs(saved);
  expect((await readFile(saved)).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
  const { manifest, holds } = await readArchive(saved, email);
  expect(manifest).toMatchObject({ format: 1, engine: "pglite" });
  // Other tests book meanwhile: the archive holds the count of some moment between the two reads.
  const bookings = manifest.rows["public.bookings"]!;
  expect(bookings).toBeGreaterThanOrEqual(before);
  expect(bookings).toBeLessThanOrEqual(await bookingsTotal(page.request));
  expect(holds).toBe(true);
});

test("the admin sets the nightly backup's time and how many are kept", async ({ page, admin: _ }) => {
  await page.goto("/dashboard/backups");
  const nightly = page.getByRole("region", { name: "Nightly backups" });
  await expect(nightly.getByRole("checkbox", { name: "Make a backup every night" })).toBeChecked();
  const kept = nightly.getByRole("spinbutton", { name: "Backups kept" });
  await waitForReact(kept);
  const save = nightly.getByRole("button", { name: "Save backup settings" });
  try {
    await kept.fill("0");
    await save.click();
    await expect(nightly.getByText("Keep a whole number of backups from 1 to 90")).toBeVisible();
    await kept.fill("14");
    await nightly.getByLabel("At (the shop's time)").fill("02:30");
    await save.click();
    await expect(
      page.getByRole("status").getByText("A backup every night at 02:30; the newest 14 are kept."),
    ).toBeVisible();
    await page.reload();
    await expect(nightly).toContainText("Made every night at 2:30 AM. The newest 14 are kept on the server");
    await expect(nightly.getByRole("spinbutton", { name: "Backups kept" })).toHaveValue("14");
  } finally {
    // The page's request context shares its cookies but sends no Origin: say it, as the page's own fetch would.
    const reset = await page.request.patch("/api/backups/settings", {
      data: { backupTime: "03:00", backupKeep: 7 },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(reset.ok()).toBe(true);
  }
});
