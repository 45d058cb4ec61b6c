CREATE TABLE "visit_figures" (
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"figure" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_figures_day_slot_figure_key_pk" PRIMARY KEY("day","slot","figure","key")
);
--> statement-breakpoint
CREATE INDEX "bookings_live_customer_idx" ON "bookings" USING btree ("preferred_date","customer_key") WHERE "bookings"."status" <> 'cancelled' and "bookings"."visit_stage" is distinct from 'no-show' and "bookings"."customer_key" is not null;--> statement-breakpoint
CREATE INDEX "customers_first_visit_idx" ON "customers" USING btree ("first_visit");--> statement-breakpoint
-- The business's time zone, for a visit's lead time in days (a booking's created_at is an instant;
-- its day is the business's). The server writes it at start (keep_visit_figures); UTC until then.
CREATE FUNCTION report_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT value #>> '{}' FROM app_settings WHERE key = 'report-time-zone'), 'UTC')
$$;
--> statement-breakpoint
-- What one booking adds to the reports' rollup (decision 039, reports.server.ts reads it): rows of
-- its visit day and arrival window. A visit that counts ("live") is neither cancelled nor a no-show.
--   visits      every booking of the day;             cancelled, no-show: as their names say;
--   completed   collected, with its total;            live: with its total (revenue booked);
--   wash5       live with WASH5, with the discount;   lead: not cancelled, with its days in advance;
--   class       live, by size class, with its total;  line: live, by "kind:label", with its amount;
--   length      live with a clock-time window, by its minutes (bay use: the windows it spans).
CREATE FUNCTION booking_figures(b bookings, tz text) RETURNS SETOF visit_figures
LANGUAGE sql STABLE AS $$
	SELECT b.preferred_date, b.preferred_time_slot, f.figure, f.key, 1::bigint, f.amount::bigint
	FROM (SELECT b.status <> 'cancelled' AND b.visit_stage IS DISTINCT FROM 'no-show' AS live,
		b.preferred_date - (b.created_at AT TIME ZONE tz)::date AS lead) AS v
	CROSS JOIN LATERAL (
		SELECT 'visits' AS figure, '' AS key, 0 AS amount
		UNION ALL SELECT 'cancelled', '', 0 WHERE b.status = 'cancelled'
		UNION ALL SELECT 'no-show', '', 0 WHERE b.status <> 'cancelled' AND b.visit_stage = 'no-show'
		UNION ALL SELECT 'completed', '', coalesce(b.total_cents, 0)
			WHERE b.status <> 'cancelled' AND b.visit_stage = 'collected'
		UNION ALL SELECT 'live', '', coalesce(b.total_cents, 0) WHERE v.live
		UNION ALL SELECT 'wash5', '', b.discount_cents WHERE v.live AND b.promo_code = 'WASH5'
		UNION ALL SELECT 'lead', '', v.lead WHERE b.status <> 'cancelled' AND v.lead >= 0
		UNION ALL SELECT 'class', coalesce(b.size_class, 'unknown'), coalesce(b.total_cents, 0) WHERE v.live
		UNION ALL SELECT 'length', b.duration_minutes::text, 0
			WHERE v.live AND b.preferred_time_slot ~ '^[0-9]{2}:[0-9]{2}'
		UNION ALL SELECT 'line', (l->>'kind') || ':' || (l->>'label'), (l->>'amountCents')::integer
			FROM jsonb_array_elements(b.lines) AS l
			WHERE v.live AND l->>'kind' IN ('package', 'service', 'add-on')
	) AS f
$$;
--> statement-breakpoint
-- Adds a statement's difference to the rollup: the figures of the rows after less those before,
-- rows that did not change in sum left alone (no write, no lock). Upserts in key order, so
-- statements over several windows never wait for each other in a cycle; a booking's own rows are
-- its window's, which claim_place has already serialised on.
CREATE FUNCTION bookings_count_figures() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	tz text := report_time_zone();
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO visit_figures AS v
		SELECT f.day, f.slot, f.figure, f.key, sum(f.n), sum(f.amount)
		FROM new_rows r CROSS JOIN LATERAL booking_figures(r, tz) AS f
		GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (day, slot, figure, key) DO UPDATE SET n = v.n + excluded.n, amount = v.amount + excluded.amount;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO visit_figures AS v
		SELECT f.day, f.slot, f.figure, f.key, -sum(f.n), -sum(f.amount)
		FROM old_rows r CROSS JOIN LATERAL booking_figures(r, tz) AS f
		GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
		ON CONFLICT (day, slot, figure, key) DO UPDATE SET n = v.n + excluded.n, amount = v.amount + excluded.amount;
	ELSE
		INSERT INTO visit_figures AS v
		SELECT c.day, c.slot, c.figure, c.key, sum(c.n), sum(c.amount)
		FROM (
			SELECT f.* FROM new_rows r CROSS JOIN LATERAL booking_figures(r, tz) AS f
			UNION ALL
			SELECT f.day, f.slot, f.figure, f.key, -f.n, -f.amount
			FROM old_rows r CROSS JOIN LATERAL booking_figures(r, tz) AS f
		) AS c
		GROUP BY 1, 2, 3, 4 HAVING sum(c.n) <> 0 OR sum(c.amount) <> 0 ORDER BY 1, 2, 3, 4
		ON CONFLICT (day, slot, figure, key) DO UPDATE SET n = v.n + excluded.n, amount = v.amount + excluded.amount;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_figures_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_count_figures();
--> statement-breakpoint
CREATE TRIGGER bookings_figures_update AFTER UPDATE ON bookings
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_count_figures();
--> statement-breakpoint
CREATE TRIGGER bookings_figures_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_count_figures();
--> statement-breakpoint
-- At the server's start: when the business's time zone is not the one the rollup was counted in
-- (a new database, this migration, a moved business), counts it again from every booking. Booking
-- writes wait meanwhile (their triggers would add to a table being recounted); of processes
-- starting together one counts, the others find it done. Answers the rollup's rows when it
-- counted, null when it was already right.
CREATE FUNCTION keep_visit_figures(tz text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	counted bigint;
BEGIN
	IF (SELECT value #>> '{}' FROM app_settings WHERE key = 'report-time-zone') IS NOT DISTINCT FROM tz THEN
		RETURN NULL;
	END IF;
	-- Bookings first, as their writers lock them before the rollup.
	LOCK TABLE bookings IN SHARE MODE;
	LOCK TABLE visit_figures IN SHARE ROW EXCLUSIVE MODE;
	IF (SELECT value #>> '{}' FROM app_settings WHERE key = 'report-time-zone') IS NOT DISTINCT FROM tz THEN
		RETURN NULL;
	END IF;
	INSERT INTO app_settings (key, value) VALUES ('report-time-zone', to_jsonb(tz))
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();
	DELETE FROM visit_figures;
	INSERT INTO visit_figures
	SELECT f.day, f.slot, f.figure, f.key, sum(f.n), sum(f.amount)
	FROM bookings b CROSS JOIN LATERAL booking_figures(b, tz) AS f
	GROUP BY 1, 2, 3, 4;
	GET DIAGNOSTICS counted = ROW_COUNT;
	RETURN counted;
END
$$;
