DROP INDEX "bookings_email_created_idx";--> statement-breakpoint
DROP INDEX "bookings_status_created_idx";--> statement-breakpoint
DROP INDEX "bookings_created_idx";--> statement-breakpoint
CREATE INDEX "bookings_date_created_idx" ON "bookings" USING btree ("preferred_date","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_email_created_idx" ON "bookings" USING btree ("email","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");