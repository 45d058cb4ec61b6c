import type { OutboxRow } from "../db/schema";
import type { Email } from "./mailer";

/** A message as it is sent and shown: its words and files, whether it was stored whole or as a template's input. */
export type WrittenMessage = Omit<OutboxRow, "subject" | "text"> & {
  subject: string;
  text: string;
  /** Its template's extra headers (List-Unsubscribe); none on a message stored whole. */
  headers?: Record<string, string>;
};

/**
 * The templates stored messages name, each writing its message from its data (the JSON stored with
 * it) for its address. A template is kept for as long as messages that name it may be waiting or shown: renaming
 * one leaves those messages unwritable.
 */
export type MessageTemplates = Record<string, (data: never, to: string) => Omit<Email, "to">>;

/**
 * Writes a stored message out: as it was stored, or by its template. A message whose template is
 * gone, or whose data the template cannot read, throws: the worker gives up on it with the reason,
 * and the Outbox shows the reason instead of the message.
 */
export function createMessageWriter(templates: MessageTemplates) {
  return function written(row: OutboxRow): WrittenMessage {
    if (row.template === null) return row as WrittenMessage;
    const write = Object.hasOwn(templates, row.template) ? templates[row.template] : undefined;
    if (!write) throw new Error(`No template "${row.template}" to write this message.`);
    const { subject, text, html, attachments, headers } = (write as (data: unknown, to: string) => Omit<Email, "to">)(
      row.data,
      row.to,
    );
    return { ...row, subject, text, html: html ?? null, attachments: attachments ?? [], ...(headers && { headers }) };
  };
}

export type MessageWriter = ReturnType<typeof createMessageWriter>;
