CREATE TABLE "add_ons" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"class_prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"service_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"plan_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "add_ons_price_check" CHECK ("add_ons"."price_cents" >= 0),
	CONSTRAINT "add_ons_minutes_check" CHECK ("add_ons"."duration_minutes" between 0 and 720)
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"service_type" text PRIMARY KEY NOT NULL,
	"price_cents" integer NOT NULL,
	"duration_minutes" integer NOT NULL,
	"class_prices" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_prices_price_check" CHECK ("service_prices"."price_cents" >= 0),
	CONSTRAINT "service_prices_minutes_check" CHECK ("service_prices"."duration_minutes" between 5 and 720)
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"make" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"year" smallint,
	"vehicle_type" text NOT NULL,
	"plate" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "size_class" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "add_on_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "total_cents" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_id" varchar(24);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_make" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "vehicle_plate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "class_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicles_user_idx" ON "vehicles" USING btree ("user_id","created_at");--> statement-breakpoint
-- Bookings made before prices by vehicle keep the price they were booked at as their lines.
UPDATE "bookings" SET
	"lines" = jsonb_build_array(jsonb_build_object('kind', 'package', 'label', "package_name", 'amountCents', "package_price_cents", 'minutes', "duration_minutes"))
		|| CASE WHEN "discount_cents" > 0 THEN jsonb_build_array(jsonb_build_object('kind', 'promo', 'label', 'WASH5 (5% off)', 'amountCents', -"discount_cents", 'minutes', 0)) ELSE '[]'::jsonb END,
	"total_cents" = "final_price_cents"
WHERE "package_price_cents" IS NOT NULL AND "package_name" IS NOT NULL;--> statement-breakpoint
-- The single services' prices and lengths (a booking of a service alone had none): the menu's usual
-- prices, which the admin edits under Prices (decision 030).
INSERT INTO "service_prices" ("service_type", "price_cents", "duration_minutes") VALUES
	('Hand Wash', 2499, 30),
	('Interior Clean', 11999, 120),
	('Wax', 3999, 40),
	('Full Detail', 18999, 240),
	('Oil Change', 4499, 30),
	('Engine Clean', 4999, 45)
ON CONFLICT DO NOTHING;
