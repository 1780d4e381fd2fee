ALTER TABLE "credentials" ADD COLUMN "notes_sealed" text;--> statement-breakpoint
ALTER TABLE "credentials" ADD COLUMN "key_id" text;--> statement-breakpoint
CREATE INDEX "assets_search_trgm_idx" ON "assets" USING gin ((lower("name" || ' ' || coalesce("vendor", '') || ' ' || coalesce("model", '') || ' ' || coalesce("serial_number", '') || ' ' || coalesce("location", '') || ' ' || coalesce("assigned_to", ''))) gin_trgm_ops);--> statement-breakpoint
-- Values sealed before key ids were kept: opened by whichever configured key opens them (platform/secret-box.ts).
UPDATE "credentials" SET "key_id" = 'legacy' WHERE "password_sealed" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_sealed_needs_key_check" CHECK (("credentials"."password_sealed" IS NULL AND "credentials"."notes_sealed" IS NULL) OR "credentials"."key_id" IS NOT NULL);