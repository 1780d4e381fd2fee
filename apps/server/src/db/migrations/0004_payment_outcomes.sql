ALTER TABLE "payments" ADD COLUMN "request_fingerprint" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_by_contact_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_paid_by_contact_id_contacts_id_fk" FOREIGN KEY ("paid_by_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;