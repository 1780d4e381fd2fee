ALTER TABLE "orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_account_id_updated_at_id_idx" ON "orders" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "assets_account_id_updated_at_id_idx" ON "assets" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "credentials_account_id_updated_at_id_idx" ON "credentials" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vendors_account_id_updated_at_id_idx" ON "vendors" USING btree ("account_id","updated_at","id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_external_id_key" UNIQUE("account_id","external_id");--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_account_id_external_id_key" UNIQUE("account_id","external_id");--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_account_id_external_id_key" UNIQUE("account_id","external_id");