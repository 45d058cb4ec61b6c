CREATE TABLE "visits_stale" (
	"day" date NOT NULL,
	"slot" text NOT NULL
);
--> statement-breakpoint
-- Decision 043. A mark is a row of its own, never a no-op. With a key and ON CONFLICT DO NOTHING
-- (migration 0026), a change whose customer was marked already added nothing; a read could then
-- take that older mark and recount the customer before the change committed, and the change was
-- never counted. Now a read's DELETE takes only marks committed before it; a change still in
-- flight keeps its own mark for the next read.
ALTER TABLE "customers_stale" DROP CONSTRAINT "customers_stale_pkey";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mark_customers(keys text[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	INSERT INTO customers_stale (key) SELECT DISTINCT k FROM unnest(keys) AS k WHERE k IS NOT NULL;
END
$$;
--> statement-breakpoint
-- Counts every customer marked by a change committed before it, once each, and takes their marks;
-- answers how many. A mark another caller is taking waits for its commit (the delete's row lock),
-- so when this returns every change committed before it has been counted.
CREATE OR REPLACE FUNCTION flush_customers() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	keys text[];
BEGIN
	WITH taken AS (DELETE FROM customers_stale RETURNING key)
	SELECT array_agg(DISTINCT key ORDER BY key) INTO keys FROM taken;
	IF keys IS NULL THEN
		RETURN 0;
	END IF;
	PERFORM refresh_customers(keys);
	RETURN cardinality(keys);
END
$$;
--> statement-breakpoint
-- The reports' rollup is counted when read too (it was 0.6–1.0 ms of a booking's PostgreSQL time:
-- seven rows upserted per booking). A change marks the visit days and windows of its rows
-- (bookings_mark_stale, below).
-- Counts again the rollup rows of every day and window marked by a change committed before it,
-- and takes their marks; answers how many windows. Each window's rows are deleted and counted
-- from its bookings (booking_figures, migration 0025) under a lock per window's bucket, taken in
-- order, so two readers counting one window do it one after the other, the second from a snapshot
-- that sees the first's rows.
CREATE FUNCTION flush_visit_figures() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	days date[];
	slots text[];
	bucket integer;
	tz text := report_time_zone();
BEGIN
	WITH taken AS (DELETE FROM visits_stale RETURNING day, slot),
	windows AS (SELECT DISTINCT day, slot FROM taken)
	SELECT array_agg(day ORDER BY day, slot), array_agg(slot ORDER BY day, slot) INTO days, slots FROM windows;
	IF days IS NULL THEN
		RETURN 0;
	END IF;
	-- 1,024 buckets bound the locks one flush holds, however many windows it counts.
	FOR bucket IN
		SELECT DISTINCT abs(hashtext(d::text || ' ' || s)) % 1024 FROM unnest(days, slots) AS w (d, s) ORDER BY 1
	LOOP
		PERFORM pg_advisory_xact_lock(43, bucket);
	END LOOP;
	DELETE FROM visit_figures v USING unnest(days, slots) AS w (d, s) WHERE v.day = w.d AND v.slot = w.s;
	INSERT INTO visit_figures
	SELECT f.day, f.slot, f.figure, f.key, sum(f.n), sum(f.amount)
	FROM unnest(days, slots) AS w (d, s)
	JOIN bookings b ON b.preferred_date = w.d AND b.preferred_time_slot = w.s
	CROSS JOIN LATERAL booking_figures(b, tz) AS f
	GROUP BY 1, 2, 3, 4;
	RETURN cardinality(days);
END
$$;
--> statement-breakpoint
-- One trigger per statement marks both, the customers and the visit windows of the rows before and
-- after the change, with the inserts written out here: as calls of mark_customers
-- it would cost a booking two more plans to run and two arrays to build.
CREATE FUNCTION bookings_mark_stale() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO customers_stale (key) SELECT DISTINCT customer_key FROM new_rows WHERE customer_key IS NOT NULL;
		INSERT INTO visits_stale (day, slot) SELECT DISTINCT preferred_date, preferred_time_slot FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO customers_stale (key) SELECT DISTINCT customer_key FROM old_rows WHERE customer_key IS NOT NULL;
		INSERT INTO visits_stale (day, slot) SELECT DISTINCT preferred_date, preferred_time_slot FROM old_rows;
	ELSE
		INSERT INTO customers_stale (key)
		SELECT customer_key FROM old_rows WHERE customer_key IS NOT NULL
		UNION SELECT customer_key FROM new_rows WHERE customer_key IS NOT NULL;
		INSERT INTO visits_stale (day, slot)
		SELECT preferred_date, preferred_time_slot FROM old_rows
		UNION SELECT preferred_date, preferred_time_slot FROM new_rows;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER bookings_customers_insert ON bookings;
--> statement-breakpoint
DROP TRIGGER bookings_customers_update ON bookings;
--> statement-breakpoint
DROP TRIGGER bookings_customers_delete ON bookings;
--> statement-breakpoint
DROP TRIGGER bookings_figures_insert ON bookings;
--> statement-breakpoint
DROP TRIGGER bookings_figures_update ON bookings;
--> statement-breakpoint
DROP TRIGGER bookings_figures_delete ON bookings;
--> statement-breakpoint
DROP FUNCTION bookings_mark_customers();
--> statement-breakpoint
DROP FUNCTION bookings_count_figures();
--> statement-breakpoint
CREATE TRIGGER bookings_mark_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_mark_stale();
--> statement-breakpoint
CREATE TRIGGER bookings_mark_update AFTER UPDATE ON bookings
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_mark_stale();
--> statement-breakpoint
CREATE TRIGGER bookings_mark_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_mark_stale();
