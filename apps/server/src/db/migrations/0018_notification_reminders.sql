CREATE TABLE "notification_reminders" (
	"key" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_reminders" ADD CONSTRAINT "notification_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_reminders_sent_at_idx" ON "notification_reminders" USING btree ("sent_at");