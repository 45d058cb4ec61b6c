CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"vehicle_type" text NOT NULL,
	"vehicle_year" smallint,
	"service_type" text NOT NULL,
	"package_selection" text DEFAULT 'None' NOT NULL,
	"plan_id" varchar(24),
	"package_name" text DEFAULT 'Package' NOT NULL,
	"package_price_cents" integer,
	"promo_code" text DEFAULT '' NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"final_price_cents" integer,
	"preferred_date" date NOT NULL,
	"preferred_time_slot" text NOT NULL,
	"special_instructions" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('pending', 'confirmed', 'cancelled')),
	CONSTRAINT "bookings_money_check" CHECK ("bookings"."discount_cents" >= 0 and ("bookings"."package_price_cents" is null or "bookings"."package_price_cents" >= 0))
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer,
	"duration" text DEFAULT '' NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"package_type" text NOT NULL,
	"field" text,
	"hotel_name" text,
	"hotel_description" text,
	"rating" double precision,
	"price_indicator" text,
	"image" text,
	"date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_package_type_check" CHECK ("plans"."package_type" in ('economy', 'standard', 'standards', 'premium', 'services', 'none')),
	CONSTRAINT "plans_price_check" CHECK ("plans"."price_cents" is null or "plans"."price_cents" >= 0),
	CONSTRAINT "plans_rating_check" CHECK ("plans"."rating" is null or ("plans"."rating" >= 0 and "plans"."rating" <= 5)),
	CONSTRAINT "plans_field_check" CHECK ("plans"."field" is null or "plans"."field" = 'hotel')
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_email_created_idx" ON "bookings" USING btree ("email","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_slot_idx" ON "bookings" USING btree ("preferred_date","preferred_time_slot") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_status_created_idx" ON "bookings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "plans_kind_newest_idx" ON "plans" USING btree ("field",greatest("date", "created_at", "updated_at") desc);