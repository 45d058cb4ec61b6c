CREATE TABLE "audit_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" varchar(24),
	"actor_name" text DEFAULT '' NOT NULL,
	"actor_role" text NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text,
	"summary" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_events_actor_role_check" CHECK ("audit_events"."actor_role" in ('admin', 'member', 'guest', 'system'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "personal_data_removed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_type","subject_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_kind_idx" ON "audit_events" USING btree ("kind","at");