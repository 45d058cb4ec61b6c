-- Who made a booking (the signed-in account), so My Bookings shows it before the account has verified its e-mail.
ALTER TABLE "bookings" ADD COLUMN "user_id" varchar(24);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_user_idx" ON "bookings" USING btree ("user_id");