import { z } from "zod";
import { pageQuerySchema } from "~/lib/pagination";
import { textField } from "~/lib/text-field";

/** queued (waiting for the worker), sent, failed (given up, with the reason), kept (no SMTP set). */
export const OUTBOX_STATES = ["queued", "sent", "failed", "kept"] as const;
/** The Outbox's filters: a state, or "scheduled" (reminders waiting for their time). */
export const OUTBOX_FILTERS = [...OUTBOX_STATES, "scheduled"] as const;
export type OutboxFilter = (typeof OUTBOX_FILTERS)[number];

export const outboxEmailSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** Names and types only; each file is fetched from /api/outbox/{id}/attachments/{index}. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
  /** Its template's extra headers, as they go to the mail server (List-Unsubscribe on the shop's own messages). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.string(),
  state: z.enum(OUTBOX_STATES),
  kind: z.enum(["notice", "reminder"]),
  bookingId: z.string().nullable(),
  /** When it falls due: at once for notices, the reminder's time, or the next retry. */
  sendAfter: z.string(),
  attempts: z.number(),
  /** Why the last attempt failed (the mail server's answer). */
  lastError: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

/** A message as a booking's history lists it: which e-mail, to whom, and where it is. */
export interface BookingMessage {
  _id: string;
  /** The template that wrote it ("booking-confirmed" …); "" for one stored whole. */
  template: string;
  subject: string;
  to: string;
  state: (typeof OUTBOX_STATES)[number];
  createdAt: string;
  sendAfter: string;
  sentAt: string | null;
}

export const outboxQuerySchema = pageQuerySchema.extend({
  to: textField().trim().max(254).optional().describe("only e-mails to this address"),
  state: z
    .enum(OUTBOX_FILTERS, { message: `state is one of ${OUTBOX_FILTERS.join(", ")}` })
    .optional()
    .describe("only messages in this state; 'scheduled' = reminders not yet due. Without it: every message due"),
  bookingId: textField().trim().max(24).optional().describe("only messages about this booking, reminders included"),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;
