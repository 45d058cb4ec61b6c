ALTER TABLE "bookings" ADD COLUMN "visit_stage" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visit_stage_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_phone_digits_idx" ON "bookings" USING btree (regexp_replace("phone", '[^0-9]', '', 'g'));--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_one_ready_idx" ON "outbox" USING btree ("booking_id") WHERE kind = 'ready';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_visit_stage_check" CHECK ("bookings"."visit_stage" in ('checked-in', 'in-progress', 'ready', 'collected', 'no-show'));