import { createRoute, z } from "@hono/zod-openapi";
import type { Api } from ".";
import { outboxEmailSchema, outboxQuerySchema } from "~/features/outbox/outbox.schema";
import { adminErrors, errorResponse } from "../errors";
import type { Services } from "~/.server/services";
import type { MiddlewareHandler } from "hono";
import { actorOf, adminOnly } from "./request-actor";

const listRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "get",
    path: "/outbox",
    summary: "E-mails the site sent, newest first (admins)",
    request: { query: outboxQuerySchema },
    responses: {
      200: {
        description: "A page of e-mails",
        content: { "application/json": { schema: z.array(outboxEmailSchema.openapi("OutboxEmail")) } },
      },
      ...adminErrors,
    },
  });

const attachmentRoute = (admin: MiddlewareHandler) =>
  createRoute({
    middleware: [admin] as const,
    method: "get",
    path: "/outbox/{id}/attachments/{index}",
    summary: "A file sent with an e-mail, such as a booking's calendar file (admins)",
    request: { params: z.object({ id: z.string(), index: z.coerce.number().int().min(0).max(20) }) },
    responses: {
      200: { description: "The file as sent", content: { "application/octet-stream": { schema: z.string() } } },
      ...adminErrors,
      404: errorResponse("No such e-mail or file"),
    },
  });

export function registerOutboxRoutes(api: Api, services: Services) {
  api.openapi(listRoute(adminOnly(services) as MiddlewareHandler), async (c) => {
    const page = await services.outbox.listEmails(await actorOf(c, services), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items, 200);
  });

  api.openapi(attachmentRoute(adminOnly(services) as MiddlewareHandler), async (c) => {
    const { id, index } = c.req.valid("param");
    const file = await services.outbox.getAttachment(await actorOf(c, services), id, index);
    c.header("Content-Type", file.contentType);
    // The name is ours (booking.ics), but quote-safe anyway.
    c.header("Content-Disposition", `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "private, no-store");
    return c.body(file.content) as never;
  });
}
