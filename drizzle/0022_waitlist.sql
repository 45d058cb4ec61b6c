CREATE TABLE "waitlist_entries" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"slots" text[] DEFAULT '{}'::text[] NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"user_id" varchar(24),
	"request" jsonb NOT NULL,
	"duration_minutes" integer NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"booking_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_entries_status_check" CHECK ("waitlist_entries"."status" in ('waiting', 'booked', 'declined', 'lapsed', 'left', 'removed', 'ended', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"entry_id" varchar(24) NOT NULL,
	"date" date NOT NULL,
	"slot" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"by_admin" boolean DEFAULT false NOT NULL,
	"booking_id" varchar(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_status_check" CHECK ("waitlist_offers"."status" in ('open', 'accepted', 'declined', 'lapsed', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_day_idx" ON "waitlist_entries" USING btree ("date","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_one_live_idx" ON "waitlist_entries" USING btree ("date","email") WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_idx" ON "waitlist_offers" USING btree ("entry_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_idx" ON "waitlist_offers" USING btree ("date") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_expiry_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry_idx" ON "waitlist_offers" USING btree ("entry_id","created_at");--> statement-breakpoint
-- claim_place counts open waitlist offers (a held place) too: a new argument, so the old one goes.
DROP FUNCTION claim_place(text[], date, boolean, text, date, integer, integer, varchar, integer, text[], text[], integer[]);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION claim_place(
	lock_keys text[],
	place_date date,
	new_date boolean,
	customer text,
	today date,
	per_day integer,
	upcoming integer,
	exclude_id varchar,
	bays integer,
	held_slot text[],
	held_arrival text[],
	held_longer_than integer[],
	exclude_offer varchar
) RETURNS text LANGUAGE plpgsql VOLATILE
-- Its queries are alike on every call: planned once per connection. Left to choose, PostgreSQL
-- planned them anew on every call, which cost more than the claim's own work.
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
	lock_key text;
	that_day integer;
	ahead integer;
BEGIN
	FOREACH lock_key IN ARRAY lock_keys LOOP
		PERFORM pg_advisory_xact_lock(hashtext(lock_key));
	END LOOP;
	IF new_date AND EXISTS (SELECT 1 FROM closed_dates WHERE closed_dates.date = place_date) THEN
		RETURN 'closed';
	END IF;
	IF customer IS NOT NULL THEN
		SELECT count(*) FILTER (WHERE b.preferred_date = place_date), count(*) INTO that_day, ahead
		FROM bookings b
		WHERE b.email = customer AND b.status <> 'cancelled' AND b.preferred_date >= today
			AND b.id IS DISTINCT FROM exclude_id;
		IF that_day >= per_day THEN
			RETURN 'too many that day';
		END IF;
		IF ahead >= upcoming THEN
			RETURN 'too many upcoming';
		END IF;
	END IF;
	IF EXISTS (
		SELECT 1
		FROM unnest(held_slot, held_arrival, held_longer_than) AS held(slot, arrival, longer_than)
		JOIN (
			SELECT b.preferred_time_slot AS arrival, b.duration_minutes AS minutes
			FROM bookings b
			WHERE b.preferred_date = place_date AND b.status <> 'cancelled' AND b.id IS DISTINCT FROM exclude_id
			UNION ALL
			SELECT o.slot, o.duration_minutes
			FROM waitlist_offers o
			WHERE o.date = place_date AND o.status = 'open' AND o.id IS DISTINCT FROM exclude_offer
		) taken ON taken.arrival = held.arrival AND taken.minutes > held.longer_than
		GROUP BY held.slot
		HAVING count(*) >= bays
	) THEN
		RETURN 'full';
	END IF;
	RETURN 'claimed';
END
$$;
--> statement-breakpoint
-- Every write to what the bay board shows tells every server process (issue 29): one NOTIFY per
-- statement, delivered when (and if) its transaction commits; the board's live feed listens.
CREATE FUNCTION notify_board_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('board_changed', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_board_changed AFTER INSERT OR UPDATE OR DELETE ON bookings
	FOR EACH STATEMENT EXECUTE FUNCTION notify_board_changed();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_board_changed AFTER INSERT OR UPDATE OR DELETE ON waitlist_entries
	FOR EACH STATEMENT EXECUTE FUNCTION notify_board_changed();
--> statement-breakpoint
CREATE TRIGGER waitlist_offers_board_changed AFTER INSERT OR UPDATE OR DELETE ON waitlist_offers
	FOR EACH STATEMENT EXECUTE FUNCTION notify_board_changed();
--> statement-breakpoint
CREATE TRIGGER closed_dates_board_changed AFTER INSERT OR UPDATE OR DELETE ON closed_dates
	FOR EACH STATEMENT EXECUTE FUNCTION notify_board_changed();
