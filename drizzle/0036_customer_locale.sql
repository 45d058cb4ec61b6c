ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_locale_check" CHECK ("memberships"."locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_locale_check" CHECK ("bookings"."locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_locale_check" CHECK ("waitlist_entries"."locale" in ('en', 'es'));--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_locale_check" CHECK ("gift_cards"."locale" in ('en', 'es'));