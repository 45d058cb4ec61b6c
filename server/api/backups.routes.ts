import { Readable } from "node:stream";
import { createRoute, z } from "@hono/zod-openapi";
import { requireAdmin } from "~/lib/access";
import { adminErrors } from "../errors";
import type { Api } from "./api-env";

const archiveRoute = createRoute({
  method: "get",
  path: "/backups/archive",
  summary: "A backup of the whole site, made now: the database and the uploads (admins)",
  description:
    "A .tar.gz of manifest.json, dump.sql (plain SQL for PostgreSQL 14+ or the embedded database) and " +
    "uploads/ (docs/operations.md, Backups and restore). On the embedded database the server pauses " +
    "while the database is dumped. `npm run backup` on the server's machine sends X-Backup-Token (the " +
    "secret in DATA_DIR/backup-token.json) instead of an admin's session.",
  request: {
    headers: z.object({ "x-backup-token": z.string().max(100).optional() }),
  },
  responses: {
    200: {
      description: "The archive, as a download",
      content: { "application/gzip": { schema: z.string().meta({ format: "binary" }) } },
    },
    ...adminErrors,
  },
});

export function registerBackupRoutes(api: Api) {
  api.openapi(archiveRoute, async (c) => {
    const { backups } = c.var.services;
    const token = c.req.valid("header")["x-backup-token"];
    if (!(token && backups.tokenMatches(token))) requireAdmin(await c.var.actor());
    const { name, stream } = await backups.download();
    return c.body(Readable.toWeb(stream as Readable) as ReadableStream, 200, {
      "Content-Type": "application/gzip",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
    });
  });
}
