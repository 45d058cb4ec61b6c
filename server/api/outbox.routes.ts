import { createRoute, z } from "@hono/zod-openapi";
import { outboxEmailSchema, outboxQuerySchema } from "~/features/outbox/outbox.schema";
import { textField } from "~/lib/text-field";
import { adminErrors, errorResponse } from "../errors";
import { type Api } from "./api-env";
import { emptyJsonBody } from "./openapi-responses";

const listRoute = createRoute({
  method: "get",
  path: "/outbox",
  summary: "E-mails the site sent or will send, newest first, with their delivery state (admins)",
  request: { query: outboxQuerySchema },
  responses: {
    200: {
      description: "A page of e-mails",
      content: { "application/json": { schema: z.array(outboxEmailSchema.meta({ id: "OutboxEmail" })) } },
    },
    ...adminErrors,
  },
});

const attachmentRoute = createRoute({
  method: "get",
  path: "/outbox/{id}/attachments/{index}",
  summary: "A file sent with an e-mail, such as a booking's calendar file (admins)",
  request: { params: z.object({ id: textField(), index: z.coerce.number().int().min(0).max(20) }) },
  responses: {
    200: { description: "The file as sent", content: { "application/octet-stream": { schema: z.string() } } },
    ...adminErrors,
    404: errorResponse("No such e-mail or file"),
  },
});

const retryRoute = createRoute({
  method: "post",
  path: "/outbox/{id}/retry",
  summary: "Send a failed e-mail again: it is queued for a fresh series of attempts (admins)",
  request: {
    params: z.object({ id: textField() }),
    body: emptyJsonBody,
  },
  responses: {
    200: {
      description: "The e-mail, queued again",
      content: { "application/json": { schema: outboxEmailSchema.meta({ id: "OutboxEmail" }) } },
    },
    ...adminErrors,
    404: errorResponse("No such e-mail"),
    409: errorResponse("The e-mail has not failed"),
  },
});

export function registerOutboxRoutes(api: Api) {
  api.openapi(retryRoute, async (c) =>
    c.json(await c.var.services.outbox.retry(await c.var.actor(), c.req.valid("param").id), 200),
  );

  api.openapi(listRoute, async (c) => {
    const page = await c.var.services.outbox.listEmails(await c.var.actor(), c.req.valid("query"));
    c.header("X-Total-Count", String(page.total));
    c.header("Cache-Control", "private, no-store");
    return c.json(page.items, 200);
  });

  api.openapi(attachmentRoute, async (c) => {
    const { id, index } = c.req.valid("param");
    const file = await c.var.services.outbox.getAttachment(await c.var.actor(), id, index);
    c.header("Content-Type", file.contentType);
    // The name is ours (booking.ics), but quote-safe anyway.
    c.header("Content-Disposition", `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "private, no-store");
    return c.body(file.content);
  });
}
