-- claim_place: THE ONE CURRENT TEXT of the function that claims a bay place (decisions 022, 024).
-- The shop's capacity rule lives here, with the closed-date check and the per-customer limits:
-- a slot holds at most `bays` live bookings (HAVING count(*) >= bays, below).
--
-- Migrations apply it: 0013_claim_place.sql first defined it; 0022_waitlist.sql counts held places. To change it, edit this file, then
-- add a migration whose text is this file (`npx drizzle-kit generate --custom --name claim_place`,
-- and paste it in). app/features/bookings/claim-place-source.test.ts fails while the newest
-- migration that defines claim_place differs from this file.
--
-- Claims a bay place for a booking in one call (decision 022): takes the place's locks in the
-- order given (the customer's, then each slot's), then refuses a closed date, one more booking
-- than the customer may hold, and a slot with no bay left. A slot's places are taken by live
-- bookings AND by open waitlist offers (each holds its place until accepted, declined or lapsed:
-- issue 29); the offer being accepted (exclude_offer) counts no more, as its booking takes its place. Answers 'claimed', or what refused it:
-- 'closed', 'too many that day', 'too many upcoming', 'full'.
--
-- Each query below runs after the locks with a snapshot of its own (a volatile function's queries
-- each take a fresh one), so it counts every booking committed by whoever held a lock before: the
-- count is exact, as it was when it came in a statement after the locks'.
--
-- Which stored bookings hold a slot is the caller's to say (slot-plan.ts, slotHolders): a booking
-- holds `held_slot` when it arrives at `held_arrival` and is longer than `held_longer_than` minutes.
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
