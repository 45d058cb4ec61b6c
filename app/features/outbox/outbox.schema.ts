import { z } from "zod";
import { pageQuerySchema } from "~/lib/pagination";
import { textField } from "~/lib/text-field";

export const outboxEmailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Names and types only; each file is fetched from /api/outbox/{id}/attachments/{index}. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxQuerySchema = pageQuerySchema.extend({
  to: textField().trim().max(254).optional().describe("only e-mails to this address"),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
