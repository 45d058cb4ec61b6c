CREATE TABLE "app_secrets" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 044: the generated signing secret leaves app_settings (which backups hold) for a table
-- whose rows backups leave out. A backup made before this version still holds it in app_settings;
-- restored, this migration moves it here, and the next backup leaves it out.
INSERT INTO "app_secrets" ("key", "value") SELECT "key", "value" #>> '{}' FROM "app_settings" WHERE "key" = 'auth_secret';
--> statement-breakpoint
DELETE FROM "app_settings" WHERE "key" = 'auth_secret';
