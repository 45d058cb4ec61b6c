ALTER TABLE "bookings" ALTER COLUMN "package_name" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "package_name" DROP NOT NULL;--> statement-breakpoint
-- "No package" was the placeholder name 'Package'; it is NULL now (the API still answers 'Package').
UPDATE "bookings" SET "package_name" = NULL WHERE "package_name" = 'Package';
