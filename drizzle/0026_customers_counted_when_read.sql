CREATE TABLE "customers_stale" (
	"key" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- Decision 042: a change marks its customers stale instead of counting them again in its own
-- transaction (a booking spent a third of its time in PostgreSQL on that recount), and a read of
-- the customers table counts the stale ones first (flush_customers). The figures and their rule
-- stay migration 0024's refresh_customers, with its lock per customer.
--
-- Marks these keys stale, in key order (two statements marking the same keys never wait for each
-- other in a cycle). A key already marked stays so, at no write. PL/pgSQL, not SQL: its plan is
-- kept per connection (as an SQL function, planned on every call, it took 0.14 ms a booking).
CREATE FUNCTION mark_customers(keys text[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	INSERT INTO customers_stale (key)
	SELECT DISTINCT k FROM unnest(keys) AS k WHERE k IS NOT NULL ORDER BY 1
	ON CONFLICT (key) DO NOTHING;
END
$$;
--> statement-breakpoint
-- Counts every stale customer again and unmarks them; answers how many. Simultaneous callers
-- each take the keys the others have not: a key another caller has taken waits for its commit
-- (the delete's row lock), so once this returns, every change committed before it is counted.
-- A change committed meanwhile marks its key again, for the next read.
CREATE FUNCTION flush_customers() RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	keys text[];
BEGIN
	WITH taken AS (DELETE FROM customers_stale RETURNING key)
	SELECT array_agg(key ORDER BY key) INTO keys FROM taken;
	IF keys IS NULL THEN
		RETURN 0;
	END IF;
	PERFORM refresh_customers(keys);
	RETURN cardinality(keys);
END
$$;
--> statement-breakpoint
-- Once per statement, whatever the rows it wrote: the customers before and after each change.
CREATE FUNCTION bookings_mark_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM mark_customers(array(SELECT customer_key FROM new_rows));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM mark_customers(array(SELECT customer_key FROM old_rows));
	ELSE
		PERFORM mark_customers(array(SELECT customer_key FROM old_rows UNION SELECT customer_key FROM new_rows));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_customers_insert AFTER INSERT ON bookings REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_mark_customers();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_customers_update AFTER UPDATE ON bookings
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_mark_customers();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER bookings_customers_delete AFTER DELETE ON bookings REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION bookings_mark_customers();
--> statement-breakpoint
DROP FUNCTION bookings_refresh_customers();
--> statement-breakpoint
-- A service record changes its vehicle's next due date.
CREATE FUNCTION service_records_mark_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM mark_customers(array(
		SELECT b.customer_key FROM bookings b
		WHERE b.id IN (
			SELECT booking_id FROM (SELECT NEW.booking_id UNION SELECT OLD.booking_id) AS changed (booking_id)
		)
	));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER service_records_customers AFTER INSERT OR UPDATE OR DELETE ON service_records
	FOR EACH ROW EXECUTE FUNCTION service_records_mark_customers();
--> statement-breakpoint
DROP FUNCTION service_records_refresh_customers();
--> statement-breakpoint
-- An account verifying (or changing) its e-mail takes its bookings with it (their update marks
-- both keys); a customer account with no booking is a customer too.
CREATE FUNCTION users_mark_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- (OLD is null on an insert, NEW on a delete; a deleted account's bookings lose it by the
	-- foreign key's SET NULL, whose update sets their key again.)
	IF TG_OP = 'UPDATE' AND (OLD.email, OLD.email_verified) IS DISTINCT FROM (NEW.email, NEW.email_verified) THEN
		UPDATE bookings SET customer_key = customer_key_of(user_id, email, phone) WHERE user_id = NEW.id;
	END IF;
	PERFORM mark_customers(array[lower(OLD.email), lower(NEW.email)]);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_customers AFTER INSERT OR UPDATE OF email, email_verified, name, role OR DELETE ON users
	FOR EACH ROW EXECUTE FUNCTION users_mark_customers();
--> statement-breakpoint
DROP FUNCTION users_refresh_customers();
