DROP INDEX "tickets_subject_trgm_idx";--> statement-breakpoint
DROP INDEX "tickets_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, ticket_number || ' ' || subject || ' ' || description)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_active_account_id_created_at_idx" ON "tickets" USING btree ("account_id","created_at" DESC NULLS FIRST) WHERE status IN ('New', 'Assigned', 'Accepted', 'In Progress');--> statement-breakpoint
CREATE INDEX "tickets_active_account_id_assigned_created_at_idx" ON "tickets" USING btree ("account_id","assigned_contact_id","created_at" DESC NULLS FIRST) WHERE status IN ('New', 'Assigned', 'Accepted', 'In Progress');--> statement-breakpoint
CREATE INDEX "tickets_account_id_status_created_at_idx" ON "tickets" USING btree ("account_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_search_vector_idx" ON "tickets" USING gin ("search_vector");