ALTER TABLE "outbox" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "kind" text DEFAULT 'notice' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "booking_id" varchar(24);--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "send_after" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
-- Messages from before the worker were handled in their request (sent then, or kept without SMTP): never send them again.
UPDATE "outbox" SET "state" = 'kept';--> statement-breakpoint
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("send_after") WHERE state = 'queued';--> statement-breakpoint
CREATE INDEX "outbox_booking_idx" ON "outbox" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_one_reminder_idx" ON "outbox" USING btree ("booking_id") WHERE kind = 'reminder' and state = 'queued';--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_state_check" CHECK (state in ('queued', 'sent', 'failed', 'kept'));