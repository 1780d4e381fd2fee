CREATE TABLE "ticket_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"contact_id" integer,
	"score" smallint NOT NULL,
	"comment" text,
	"technician_name" text,
	"technician_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_ratings_ticket_id_key" UNIQUE("ticket_id"),
	CONSTRAINT "ticket_ratings_score_check" CHECK ("ticket_ratings"."score" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_resolution_note" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_resolved_by" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "customer_reopened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_ratings" ADD CONSTRAINT "ticket_ratings_ticket_fk" FOREIGN KEY ("account_id","ticket_id") REFERENCES "public"."tickets"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_ratings_account_id_created_at_idx" ON "ticket_ratings" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_ratings_technician_email_created_at_idx" ON "ticket_ratings" USING btree ("technician_email","created_at");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_resolved_by_contacts_id_fk" FOREIGN KEY ("customer_resolved_by") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;