import { z } from "zod";
import { pageQuerySchema } from "~/lib/pagination";

export const outboxEmailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const outboxQuerySchema = pageQuerySchema.extend({
  to: z.string().trim().max(254).optional().describe("only e-mails to this address"),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
