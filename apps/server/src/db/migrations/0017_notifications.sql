CREATE TABLE "notification_preferences" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" integer,
	"settings" jsonb NOT NULL,
	"email_digest" text DEFAULT 'immediately' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_account_id_contact_id_key" UNIQUE NULLS NOT DISTINCT("account_id","contact_id"),
	CONSTRAINT "notification_preferences_email_digest_check" CHECK ("notification_preferences"."email_digest" IN ('immediately', 'daily', 'never'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_event_id_contact_id_key" UNIQUE("event_id","contact_id"),
	CONSTRAINT "notifications_category_check" CHECK ("notifications"."category" IN ('tickets', 'billing', 'assets', 'users', 'security'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_contact_fk" FOREIGN KEY ("account_id","contact_id") REFERENCES "public"."contacts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_contact_fk" FOREIGN KEY ("account_id","contact_id") REFERENCES "public"."contacts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_contact_id_id_idx" ON "notifications" USING btree ("contact_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_contact_id_idx" ON "notifications" USING btree ("contact_id") WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_created_at_idx" ON "notifications" USING btree ("created_at");