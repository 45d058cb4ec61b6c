ALTER TABLE "plans" DROP CONSTRAINT "plans_package_type_check";--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "duration" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "duration" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ALTER COLUMN "package_type" DROP NOT NULL;--> statement-breakpoint
-- Data: the specification's placeholders become no value. Hotel entries have no package columns
-- (they stored 'empty' and 'none'), and 'nothing' is the specification's duration of a package without one.
UPDATE "plans" SET "name" = NULL, "price_cents" = NULL, "duration" = NULL, "package_type" = NULL WHERE "field" = 'hotel';--> statement-breakpoint
UPDATE "plans" SET "duration" = NULL WHERE "field" IS NULL AND "duration" = 'nothing';--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_kind_check" CHECK (case when "plans"."field" is null
        then "plans"."name" is not null and "plans"."price_cents" is not null and "plans"."package_type" is not null
        else "plans"."name" is null and "plans"."price_cents" is null and "plans"."duration" is null and "plans"."package_type" is null end);--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_package_type_check" CHECK ("plans"."package_type" in ('economy', 'standard', 'standards', 'premium', 'services'));