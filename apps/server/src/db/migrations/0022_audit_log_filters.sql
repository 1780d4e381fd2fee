-- The audit log screen's filters and search (issue 37), newest first: by kind (the action's first part, written
-- as the query writes it) and by person, each ending with the page's keyset (created_at, id); and its words,
-- lower-cased, for a trigram search of three letters or more.
CREATE INDEX "audit_log_account_kind_idx" ON "audit_log" USING btree ("account_id",split_part("action", '.', 1),"created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_account_contact_idx" ON "audit_log" USING btree ("account_id","contact_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_search_trgm_idx" ON "audit_log" USING gin ((lower("actor" || ' ' || "action" || ' ' || coalesce("ip", '') || ' ' || "details"::text)) gin_trgm_ops);
