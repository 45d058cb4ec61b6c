CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_search_idx" ON "bookings" USING gin (("full_name" || ' ' || "phone" || ' ' || "email") gin_trgm_ops);