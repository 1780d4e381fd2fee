ALTER TABLE "ticket_entries" ADD COLUMN "content_is_clean" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "description_is_clean" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ticket_entries_ticket_id_created_at_id_idx" ON "ticket_entries" USING btree ("ticket_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
DROP INDEX "ticket_entries_ticket_id_created_at_idx";
