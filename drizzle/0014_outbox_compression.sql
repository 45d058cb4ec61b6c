-- A booking's e-mails are stored whole (about 4 KB of HTML each), and PostgreSQL compresses what it
-- stores of that size: lz4 costs a fraction of the default pglz's time, and a booking request
-- writes three. The embedded database is built without lz4 and keeps pglz.
DO $$
BEGIN
	ALTER TABLE outbox
		ALTER COLUMN html SET COMPRESSION lz4,
		ALTER COLUMN text SET COMPRESSION lz4,
		ALTER COLUMN attachments SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
	NULL;
END
$$;
