-- Bookings made before lengths existed held one two-hour slot: they keep exactly that.
ALTER TABLE "bookings" ADD COLUMN "duration_minutes" integer NOT NULL DEFAULT 120;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "duration_minutes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
-- A package's length read from its duration text, as app/lib/service-length.ts minutesFromDuration reads it:
-- "1.5 hours" → 90, "1 hr 30 min" → 90, "30 minutes" → 30, anything else → 60; kept within 5 to 720.
UPDATE "plans" SET "duration_minutes" = least(720, greatest(5, coalesce(
  round(substring("duration" from '(?i)([0-9]+(?:\.[0-9]+)?)\s*h')::numeric * 60)::integer
    + coalesce(substring("duration" from '(?i)h[a-z]*\s*([0-9]+)\s*m')::integer, 0),
  substring("duration" from '(?i)([0-9]+)\s*m')::integer,
  60)))
WHERE "field" IS NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_minutes_check" CHECK (case when "plans"."field" is null
        then "plans"."duration_minutes" between 5 and 720
        else "plans"."duration_minutes" is null end);
