import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { createRoute, z } from "@hono/zod-openapi";
import {
  backupSettingsChangeSchema,
  backupSettingsSchema,
  backupsOverviewSchema,
} from "~/features/backups/backups.schema";
import { requireJob } from "~/lib/access";
import { auditActor } from "~/.server/audit/audit-log";
import { BACKUP_COMMAND } from "~/.server/backup/backup-audit";
import type { BackupMade } from "~/.server/backup/backup-service";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { jsonResponse } from "./openapi-responses";

const archive = {
  description: "The archive, as a download",
  content: { "application/gzip": { schema: z.string().meta({ format: "binary" }) } },
};

const archiveRoute = createRoute({
  method: "get",
  path: "/backups/archive",
  summary: "A backup of the whole site, made now: the database and the uploads (admins)",
  description:
    "A .tar.gz of manifest.json, dump.sql (plain SQL for PostgreSQL 14+ or the embedded database) and " +
    "uploads/ (docs/operations.md, Backups and restore). On the embedded database the server pauses " +
    "while the database is dumped. `npm run backup` on the server's machine sends X-Backup-Token (the " +
    "secret in DATA_DIR/backup-token.json) instead of an admin's session. Recorded in the audit log.",
  request: {
    headers: z.object({ "x-backup-token": z.string().max(100).optional() }),
  },
  responses: { 200: archive, ...adminErrors },
});

const overviewRoute = createRoute({
  method: "get",
  path: "/backups",
  summary: "The nightly backup's settings and the archives kept in DATA_DIR/backups (admins)",
  responses: { 200: jsonResponse(backupsOverviewSchema, "Settings, kept archives, the last failure"), ...adminErrors },
});

const settingsRoute = createRoute({
  method: "patch",
  path: "/backups/settings",
  summary: "Change the nightly backup's settings (admins)",
  description:
    "nightlyBackups on or off (by default on with the embedded database, off on PostgreSQL); backupTime HH:MM on " +
    "the business's clock; backupKeep 1–90 archives, the oldest deleted first.",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: backupSettingsChangeSchema.meta({ id: "BackupSettingsChange" }) } },
    },
  },
  responses: {
    200: jsonResponse(backupSettingsSchema, "The settings as saved"),
    400: errorResponse("Invalid value, with a message per field"),
    ...adminErrors,
  },
});

const keptRoute = createRoute({
  method: "get",
  path: "/backups/nightly/{name}",
  summary: "One of the nightly archives kept (admins)",
  request: { params: z.object({ name: z.string().max(200).describe("carwash-YYYY-MM-DD-HHMM.tar.gz") }) },
  responses: { 200: archive, 404: errorResponse("No nightly archive of that name"), ...adminErrors },
});

function download(stream: NodeJS.ReadableStream, name: string, bytes: number) {
  return {
    body: Readable.toWeb(stream as Readable) as ReadableStream,
    headers: {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${name}"`,
      // The dashboard shows the download's progress against it.
      "Content-Length": String(bytes),
      "Cache-Control": "private, no-store",
    },
  };
}

/**
 * The archive is made whole before its first byte goes out (so it is sent whole or not at all, with
 * its length): with many bookings that takes longer than a socket may sit idle
 * (HTTP_TIME_LIMITS.idleMs, 30 s), so this answer's socket waits as long as it takes. In-process
 * requests (tests) have no socket.
 */
function waitForTheArchive(env: unknown) {
  (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket.setTimeout(0);
}

export function registerBackupRoutes(api: Api) {
  api.openapi(archiveRoute, async (c) => {
    const { backups } = c.var.services;
    const token = c.req.valid("header")["x-backup-token"];
    let made: BackupMade;
    if (token && backups.tokenMatches(token)) made = { by: BACKUP_COMMAND, how: "command" };
    else {
      const actor = await c.var.actor();
      requireJob(actor, "backups");
      made = { by: auditActor(actor), how: "download" };
    }
    waitForTheArchive(c.env);
    const { name, stream, bytes } = await backups.download(made);
    const answer = download(stream, name, bytes);
    return c.body(answer.body, 200, answer.headers);
  });

  api.openapi(overviewRoute, async (c) => {
    c.header("Cache-Control", "private, no-store");
    return c.json(await c.var.services.nightlyBackups.overview(await c.var.actor()), 200);
  });

  api.openapi(settingsRoute, async (c) =>
    c.json(await c.var.services.backupSettings.updateSettings(await c.var.actor(), c.req.valid("json")), 200),
  );

  api.openapi(keptRoute, async (c) => {
    const { name } = c.req.valid("param");
    const { stream, bytes } = await c.var.services.nightlyBackups.open(await c.var.actor(), name);
    const answer = download(stream, name, bytes);
    return c.body(answer.body, 200, answer.headers);
  });
}
