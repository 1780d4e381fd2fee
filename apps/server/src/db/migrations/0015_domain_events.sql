CREATE TABLE "domain_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" integer,
	"actor" jsonb NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "event_id" text;--> statement-breakpoint
CREATE INDEX "domain_events_occurred_at_idx" ON "domain_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_event_id_to_address_key" ON "mail_outbox" USING btree ("event_id","to_address");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_event_id_key" UNIQUE("event_id");