CREATE TABLE "closed_dates" (
	"date" date PRIMARY KEY NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_promo_once_idx" ON "bookings" USING btree ("email") WHERE "bookings"."promo_code" = 'WASH5' and "bookings"."status" <> 'cancelled';