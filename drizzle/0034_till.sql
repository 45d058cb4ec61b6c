CREATE TABLE "cash_ups" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"counted_cents" integer NOT NULL,
	"expected_cents" integer NOT NULL,
	"counted_by_id" varchar(24),
	"counted_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_ups_counted_check" CHECK ("cash_ups"."counted_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last_four" text NOT NULL,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"sold_by_id" varchar(24),
	"sold_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_money_check" CHECK ("gift_cards"."initial_cents" > 0 and "gift_cards"."balance_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"booking_id" varchar(24),
	"sold_gift_card_id" varchar(24),
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"gift_card_id" varchar(24),
	"taken_by_id" varchar(24),
	"taken_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'card', 'gift-card', 'other')),
	CONSTRAINT "payments_money_check" CHECK ("payments"."amount_cents" > 0 and "payments"."tip_cents" >= 0),
	CONSTRAINT "payments_for_check" CHECK (("payments"."booking_id" is null) <> ("payments"."sold_gift_card_id" is null)),
	CONSTRAINT "payments_card_check" CHECK (("payments"."method" = 'gift-card') = ("payments"."gift_card_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"payment_id" varchar(24) NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"refunded_by_id" varchar(24),
	"refunded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_counted_by_id_users_id_fk" FOREIGN KEY ("counted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_sold_by_id_users_id_fk" FOREIGN KEY ("sold_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sold_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("sold_gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_taken_by_id_users_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refunded_by_id_users_id_fk" FOREIGN KEY ("refunded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_ups_date_idx" ON "cash_ups" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code_idx" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_check" CHECK ("bookings"."paid_cents" >= 0 and "bookings"."refunded_cents" >= 0 and "bookings"."refunded_cents" <= "bookings"."paid_cents");