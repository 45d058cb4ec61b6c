CREATE TABLE "membership_plans" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"price_cents" integer NOT NULL,
	"period" text,
	"washes" integer,
	"covers" text[] NOT NULL,
	"per_day" integer,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_plans_kind_check" CHECK ("membership_plans"."kind" in ('unlimited', 'pack')),
	CONSTRAINT "membership_plans_shape_check" CHECK (("membership_plans"."kind" = 'unlimited' and "membership_plans"."period" in ('month', 'year') and "membership_plans"."washes" is null and "membership_plans"."per_day" >= 1)
        or ("membership_plans"."kind" = 'pack' and "membership_plans"."period" is null and "membership_plans"."washes" >= 1 and "membership_plans"."per_day" is null)),
	CONSTRAINT "membership_plans_price_check" CHECK ("membership_plans"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"plan_id" varchar(24) NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"plate" text DEFAULT '' NOT NULL,
	"valid_until" date NOT NULL,
	"washes_left" integer,
	"cancelled_at" timestamp with time zone,
	"sold_by_id" varchar(24),
	"sold_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_washes_check" CHECK ("memberships"."washes_left" is null or "memberships"."washes_left" >= 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_for_check";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "membership_id" varchar(24);--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "club_claim" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "club_wash_used" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "membership_id" varchar(24);--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_plan_id_membership_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."membership_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_sold_by_id_users_id_fk" FOREIGN KEY ("sold_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_number_idx" ON "memberships" USING btree ("number");--> statement-breakpoint
CREATE INDEX "memberships_email_idx" ON "memberships" USING btree ("email");--> statement-breakpoint
CREATE INDEX "memberships_plate_idx" ON "memberships" USING btree ("plate");--> statement-breakpoint
CREATE INDEX "memberships_phone_idx" ON "memberships" USING btree (regexp_replace("phone", '[^0-9]', '', 'g'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_club_claim_idx" ON "bookings" USING btree ("club_claim") WHERE "bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "bookings_membership_idx" ON "bookings" USING btree ("membership_id") WHERE "bookings"."membership_id" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_for_check" CHECK (num_nonnulls("payments"."booking_id", "payments"."sold_gift_card_id", "payments"."membership_id") = 1);