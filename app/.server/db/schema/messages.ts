import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, moment, objectId } from "./columns";

/** Messages: the outbox every e-mail goes through, follow-ups claimed once, and who stopped which. */

/** E-mails the site sent (or, without SMTP_URL, would have sent): admins read them in the dashboard. */
/** Where a message is: waiting for the worker, sent through SMTP, given up on, or kept here (no SMTP set). */
export type OutboxState = "queued" | "sent" | "failed" | "kept";

/**
 * Every message the site sends, written in the transaction of the change that causes it and
 * delivered afterwards by the outbox worker (app/.server/mail/outbox-worker.ts), so admins can see
 * what customers were told, a change never waits for SMTP, and a site without SMTP still works.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: objectId("id").primaryKey(),
    to: text("to").notNull(),
    /**
     * A message is stored either whole (subject, text, html, attachments) or as what its template
     * needs (template, data), and is then written out when it is sent or shown: a booking's three
     * e-mails are about 13 KB whole and 2 KB as data, and the request that stores them waits for neither.
     */
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    /** Files sent with the e-mail (a booking's .ics), kept so admins can open what the customer got. */
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
    /** The template that writes the message out (app/.server/mail/message-templates.ts), and its input. */
    template: text("template"),
    data: jsonb("data"),
    createdAt: createdAt(),
    state: text("state").$type<OutboxState>().notNull().default("queued"),
    /** 'notice' (sent at once), 'ready' (the car is ready: once per booking) or 'reminder' (sent at sendAfter, replaced when its booking moves). */
    kind: text("kind").notNull().default("notice"),
    /** The booking the message is about, for its log in the booking's details. */
    bookingId: objectId("booking_id"),
    /** Not before this moment: now for notices, the reminder's time, or the next retry. */
    sendAfter: moment("send_after").notNull().defaultNow(),
    /** A worker holds the message until then; after a crash, another takes it when the lease runs out. */
    lockedUntil: moment("locked_until"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    sentAt: moment("sent_at"),
  },
  (t) => [
    index("outbox_to_created_idx").on(t.to, t.createdAt.desc()),
    index("outbox_created_idx").on(t.createdAt.desc()),
    // What the worker polls every second: only the queued rows, in the order they fall due.
    index("outbox_due_idx")
      .on(t.sendAfter)
      .where(sql`state = 'queued'`),
    index("outbox_booking_idx").on(t.bookingId, t.createdAt),
    // One reminder waiting per booking: a move replaces it rather than adding a second.
    uniqueIndex("outbox_one_reminder_idx")
      .on(t.bookingId)
      .where(sql`kind = 'reminder' and state = 'queued'`),
    // "Your car is ready" once per booking, however often the button is pressed.
    uniqueIndex("outbox_one_ready_idx")
      .on(t.bookingId)
      .where(sql`kind = 'ready'`),
    check("outbox_state_check", sql`state in ('queued', 'sent', 'failed', 'kept')`),
    check("outbox_whole_or_template_check", sql`template is not null or (subject is not null and text is not null)`),
  ],
);

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/**
 * Follow-ups already queued (a due reminder, its follow-up, a review request), by a key naming the
 * message and what it is about ("due-reminder:<record id>"): inserting the key claims the message,
 * so each goes once, however many processes run the follow-ups at the same moment.
 */
export const sentFollowUps = pgTable("sent_follow_ups", {
  key: text("key").primaryKey(),
  createdAt: createdAt(),
});

/**
 * Addresses that asked for no more of one kind of the shop's own messages (consent.schema.ts):
 * present means "no". Booking e-mails are not such messages and are never stopped here.
 */
export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    /** Lower case, as every check compares it. */
    email: text("email").notNull(),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.email, t.kind] }),
    check("email_opt_outs_kind_check", sql`${t.kind} in ('service-reminders', 'review-requests')`),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
