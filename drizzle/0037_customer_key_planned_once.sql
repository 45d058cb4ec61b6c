-- customer_key_of (0024) as PL/pgSQL, same answer: whose booking it is (decision 038), the member's
-- account when its e-mail is verified, else the booking's e-mail, else its phone's digits.
-- As an SQL function called from the bookings' trigger it was planned anew on every call, 0.24 ms
-- of PostgreSQL's time per booking written (three times the rest of that trigger); a PL/pgSQL
-- function's query is planned once per connection (issue 48, benchmark 058).
CREATE OR REPLACE FUNCTION customer_key_of(p_user_id varchar, p_email text, p_phone text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
	verified text;
BEGIN
	IF p_user_id IS NOT NULL THEN
		SELECT lower(u.email) INTO verified FROM users u WHERE u.id = p_user_id AND u.email_verified;
		IF verified IS NOT NULL THEN
			RETURN verified;
		END IF;
	END IF;
	RETURN coalesce(nullif(lower(p_email), ''), 'tel:' || nullif(regexp_replace(p_phone, '[^0-9]', '', 'g'), ''));
END
$$;
