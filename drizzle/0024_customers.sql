CREATE TABLE "customer_notes" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"customer_key" text NOT NULL,
	"body" text NOT NULL,
	"author_id" varchar(24),
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"key" text PRIMARY KEY NOT NULL,
	"id" varchar(24) NOT NULL,
	"user_id" varchar(24),
	"full_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"bookings" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"spent_cents" integer DEFAULT 0 NOT NULL,
	"cancellations" integer DEFAULT 0 NOT NULL,
	"no_shows" integer DEFAULT 0 NOT NULL,
	"first_visit" date,
	"last_visit" date,
	"latest_booking_id" varchar(24),
	"latest_date" date,
	"latest_service" text DEFAULT '' NOT NULL,
	"vehicle_type" text DEFAULT '' NOT NULL,
	"vehicle_year" smallint,
	"vehicles" integer DEFAULT 0 NOT NULL,
	"vehicle_label" text DEFAULT '' NOT NULL,
	"plates" text DEFAULT '' NOT NULL,
	"next_service_due" date,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "customer_key" text;--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_key","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_id_idx" ON "customers" USING btree ("id");--> statement-breakpoint
CREATE INDEX "customers_user_idx" ON "customers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customers_last_visit_idx" ON "customers" USING btree ("last_visit","key");--> statement-breakpoint
CREATE INDEX "customers_recent_idx" ON "customers" USING btree ("last_visit" desc nulls last,"key" desc);--> statement-breakpoint
CREATE INDEX "customers_spend_idx" ON "customers" USING btree ("spent_cents" desc,"key" desc);--> statement-breakpoint
CREATE INDEX "customers_visits_idx" ON "customers" USING btree ("visits" desc,"key" desc);--> statement-breakpoint
CREATE INDEX "customers_search_idx" ON "customers" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_key","created_at","id");--> statement-breakpoint
-- Room on each page for a recount's new row version beside the old: most recounts change no
-- indexed column (a new booking's count, the latest details), so they stay heap-only (HOT) and
-- write none of the seven indexes (2,000 bookings: 8–11 s of recounts before, 4–6 s after).
ALTER TABLE "customers" SET (fillfactor = 80);
--> statement-breakpoint
-- An account is found by its e-mail whatever its case (customer_key_of, refresh_customers).
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));
--> statement-breakpoint
-- Whose booking it is (decision 038): the member's account when its e-mail is verified, else the
-- booking's e-mail, else its phone's digits. Two people sharing a phone stay apart when their
-- e-mails differ; a guest's bookings join the account that verified their e-mail.
CREATE FUNCTION customer_key_of(p_user_id varchar, p_email text, p_phone text) RETURNS text
LANGUAGE sql STABLE AS $$
	SELECT coalesce(
		(SELECT lower(u.email) FROM users u WHERE u.id = p_user_id AND u.email_verified),
		nullif(lower(p_email), ''),
		'tel:' || nullif(regexp_replace(p_phone, '[^0-9]', '', 'g'), '')
	)
$$;
--> statement-breakpoint
-- Recomputes the customers rows of these keys from their bookings, service records and account:
-- a row for every key with a booking or a verified customer account, none for the others.
--
-- Two transactions changing one customer's bookings at once would each count without the other's
-- uncommitted rows, and the later upsert would lose a booking. So each key's lock (one of 256,
-- taken in order; more would fill the lock table on a large statement) is held to commit, and
-- the recount below runs after the locks with a snapshot of its own (a volatile function's
-- queries each take one): it sees every booking committed by whoever held the lock before.
CREATE FUNCTION refresh_customers(keys text[]) RETURNS void LANGUAGE plpgsql VOLATILE
-- Planned once per connection: planning its statements (7 ms) cost more than running them (1.4 ms).
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
	bucket integer;
BEGIN
	FOR bucket IN
		SELECT DISTINCT abs(hashtext(k)) % 256 FROM unnest(keys) AS k WHERE k IS NOT NULL ORDER BY 1
	LOOP
		PERFORM pg_advisory_xact_lock(20241130, bucket);
	END LOOP;
	DELETE FROM customers c
	WHERE c.key = ANY (keys)
		AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_key = c.key)
		AND NOT EXISTS (
			SELECT 1 FROM users u WHERE lower(u.email) = c.key AND u.email_verified AND u.role <> 'admin'
		);
	INSERT INTO customers AS c (
		key, id, user_id, full_name, email, phone, bookings, visits, spent_cents, cancellations,
		no_shows, first_visit, last_visit, latest_booking_id, latest_date, latest_service,
		vehicle_type, vehicle_year, vehicles, vehicle_label, plates, next_service_due, search_text,
		updated_at
	)
	SELECT
		k.key, left(md5(k.key), 24), a.id,
		coalesce(l.full_name, a.name, ''), CASE WHEN k.key LIKE 'tel:%' THEN '' ELSE k.key END, coalesce(l.phone, ''),
		f.bookings, f.visits, f.spent, f.cancellations, f.no_shows, f.first_visit, f.last_visit,
		l.id, l.preferred_date, coalesce(l.service_type, ''), coalesce(l.vehicle_type, ''), l.vehicle_year,
		f.vehicles,
		CASE WHEN l.vehicle_make <> '' OR l.vehicle_model <> ''
			THEN concat_ws(' ', l.vehicle_year::text, nullif(l.vehicle_make, ''), nullif(l.vehicle_model, ''))
			ELSE coalesce(l.vehicle_type, '') END,
		coalesce(f.plates, ''), d.next_due,
		lower(concat_ws(' ', f.names, a.name, k.key, a.email, f.phones, f.digits, f.plates)),
		now()
	FROM (SELECT DISTINCT k AS key FROM unnest(keys) AS k WHERE k IS NOT NULL) k
	CROSS JOIN LATERAL (
		SELECT
			count(*)::integer AS bookings,
			count(*) FILTER (WHERE b.status <> 'cancelled' AND b.visit_stage = 'collected')::integer AS visits,
			coalesce(sum(b.total_cents) FILTER (WHERE b.status <> 'cancelled' AND b.visit_stage = 'collected'), 0)::integer AS spent,
			count(*) FILTER (WHERE b.status = 'cancelled')::integer AS cancellations,
			count(*) FILTER (WHERE b.status <> 'cancelled' AND b.visit_stage = 'no-show')::integer AS no_shows,
			min(b.preferred_date) FILTER (WHERE b.status <> 'cancelled' AND b.visit_stage IS DISTINCT FROM 'no-show') AS first_visit,
			max(b.preferred_date) FILTER (WHERE b.status <> 'cancelled' AND b.visit_stage = 'collected') AS last_visit,
			count(DISTINCT coalesce(b.vehicle_id, CASE
				WHEN b.vehicle_plate <> '' THEN 'plate:' || upper(regexp_replace(b.vehicle_plate, '[^A-Za-z0-9]', '', 'g'))
				ELSE lower(b.vehicle_make) || '|' || lower(b.vehicle_model) || '|' || b.vehicle_type END))
				FILTER (WHERE b.status <> 'cancelled')::integer AS vehicles,
			string_agg(DISTINCT upper(regexp_replace(b.vehicle_plate, '[^A-Za-z0-9]', '', 'g')), ' ')
				FILTER (WHERE b.vehicle_plate <> '') AS plates,
			string_agg(DISTINCT b.full_name, ' ') AS names,
			string_agg(DISTINCT b.phone, ' ') AS phones,
			string_agg(DISTINCT regexp_replace(b.phone, '[^0-9]', '', 'g'), ' ') AS digits
		FROM bookings b WHERE b.customer_key = k.key
	) f
	LEFT JOIN LATERAL (
		SELECT * FROM bookings b WHERE b.customer_key = k.key ORDER BY b.created_at DESC, b.id DESC LIMIT 1
	) l ON true
	LEFT JOIN LATERAL (
		SELECT u.id, u.name, u.email, u.role FROM users u
		WHERE lower(u.email) = k.key AND u.email_verified ORDER BY u.created_at LIMIT 1
	) a ON true
	LEFT JOIN LATERAL (
		-- The soonest of each vehicle's latest record's due date.
		SELECT min(latest.next_due_date) AS next_due FROM (
			SELECT DISTINCT ON (r.vehicle_key) r.next_due_date
			FROM service_records r JOIN bookings b ON b.id = r.booking_id
			WHERE b.customer_key = k.key
			ORDER BY r.vehicle_key, r.serviced_on DESC, r.created_at DESC
		) latest
	) d ON true
	WHERE f.bookings > 0 OR (a.id IS NOT NULL AND a.role <> 'admin')
	ON CONFLICT (key) DO UPDATE SET
		id = excluded.id, user_id = excluded.user_id, full_name = excluded.full_name,
		email = excluded.email, phone = excluded.phone, bookings = excluded.bookings,
		visits = excluded.visits, spent_cents = excluded.spent_cents,
		cancellations = excluded.cancellations, no_shows = excluded.no_shows,
		first_visit = excluded.first_visit, last_visit = excluded.last_visit,
		latest_booking_id = excluded.latest_booking_id, latest_date = excluded.latest_date,
		latest_service = excluded.latest_service, vehicle_type = excluded.vehicle_type,
		vehicle_year = excluded.vehicle_year, vehicles = excluded.vehicles,
		vehicle_label = excluded.vehicle_label, plates = excluded.plates,
		next_service_due = excluded.next_service_due, search_text = excluded.search_text,
		updated_at = excluded.updated_at;
END
$$;
--> statement-breakpoint
CREATE FUNCTION set_booking_customer_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.customer_key := customer_key_of(NEW.user_id, NEW.email, NEW.phone);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_customer_key BEFORE INSERT OR UPDATE OF user_id, email, phone ON bookings
	FOR EACH ROW EXECUTE FUNCTION set_booking_customer_key();
--> statement-breakpoint
-- Once per statement, whatever the rows it wrote: the customers before and after each change.
CREATE FUNCTION bookings_refresh_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM refresh_customers(array(SELECT DISTINCT customer_key FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM refresh_customers(array(SELECT DISTINCT customer_key FROM old_rows));
	ELSE
		PERFORM refresh_customers(array(
			SELECT customer_key FROM old_rows UNION SELECT customer_key FROM new_rows
		));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_customers_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_refresh_customers();
--> statement-breakpoint
CREATE TRIGGER bookings_customers_update AFTER UPDATE ON bookings
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_refresh_customers();
--> statement-breakpoint
CREATE TRIGGER bookings_customers_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_refresh_customers();
--> statement-breakpoint
-- A service record changes its vehicle's next due date.
CREATE FUNCTION service_records_refresh_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM refresh_customers(array(
		SELECT b.customer_key FROM bookings b
		WHERE b.id IN (
			SELECT booking_id FROM (SELECT NEW.booking_id UNION SELECT OLD.booking_id) AS changed (booking_id)
		)
	));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER service_records_customers AFTER INSERT OR UPDATE OR DELETE ON service_records
	FOR EACH ROW EXECUTE FUNCTION service_records_refresh_customers();
--> statement-breakpoint
-- An account verifying (or changing) its e-mail takes its bookings with it; a customer account
-- with no booking is a customer too.
CREATE FUNCTION users_refresh_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- (OLD is null on an insert, NEW on a delete; a deleted account's bookings lose it by the
	-- foreign key's SET NULL, whose update sets their key again.)
	IF TG_OP = 'UPDATE' AND (OLD.email, OLD.email_verified) IS DISTINCT FROM (NEW.email, NEW.email_verified) THEN
		UPDATE bookings SET customer_key = customer_key_of(user_id, email, phone) WHERE user_id = NEW.id;
	END IF;
	PERFORM refresh_customers(array[lower(OLD.email), lower(NEW.email)]);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_customers AFTER INSERT OR UPDATE OF email, email_verified, name, role OR DELETE ON users
	FOR EACH ROW EXECUTE FUNCTION users_refresh_customers();
--> statement-breakpoint
-- The bookings there are now.
UPDATE bookings SET customer_key = customer_key_of(user_id, email, phone);
--> statement-breakpoint
SELECT refresh_customers(array(SELECT lower(email) FROM users WHERE email_verified AND role <> 'admin'));
