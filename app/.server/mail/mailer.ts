import nodemailer from "nodemailer";
import { newObjectId } from "~/lib/object-id";
import type { Database } from "../db/client";
import { outbox, type EmailAttachment } from "../db/schema";

export interface Email {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: EmailAttachment[];
}

export interface Mailer {
  send(email: Email): Promise<void>;
}

/**
 * Sends through SMTP when SMTP_URL is set. Every e-mail is also written to the outbox table,
 * so admins can see what customers were told, and a site without SMTP still works end to end.
 */
export function createMailer(db: Database, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(email) {
      const attachments = email.attachments ?? [];
      await db.insert(outbox).values({ id: newObjectId(), ...email, html: email.html ?? null, attachments });
      if (transport) await transport.sendMail({ from: options.from, ...email, attachments });
    },
  };
}
