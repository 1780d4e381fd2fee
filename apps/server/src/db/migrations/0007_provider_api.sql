CREATE TABLE "api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_prefix_key" UNIQUE("prefix"),
	CONSTRAINT "api_keys_name_check" CHECK (length("api_keys"."name") BETWEEN 1 AND 200)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "statements" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD COLUMN "visible_to_customer" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "accounts_updated_at_id_idx" ON "accounts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "contacts_account_id_updated_at_id_idx" ON "contacts" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "services_account_id_updated_at_id_idx" ON "services" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "payments_account_id_updated_at_id_idx" ON "payments" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "statements_account_id_updated_at_id_idx" ON "statements" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ticket_entries_account_id_updated_at_id_idx" ON "ticket_entries" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "tickets_account_id_last_modified_at_id_idx" ON "tickets" USING btree ("account_id","last_modified_at","id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_external_id_key" UNIQUE("external_id");--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_external_id_key" UNIQUE("account_id","external_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_external_id_key" UNIQUE("account_id","external_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_external_id_key" UNIQUE("account_id","external_id");--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_external_id_key" UNIQUE("account_id","external_id");--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD CONSTRAINT "ticket_entries_ticket_id_external_id_key" UNIQUE("ticket_id","external_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_account_id_external_id_key" UNIQUE("account_id","external_id");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_status_check" CHECK ("accounts"."status" IN ('active', 'suspended'));