CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"billing_api_id" text,
	"monitoring_customer_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_name_key" UNIQUE("name"),
	CONSTRAINT "accounts_billing_api_id_key" UNIQUE("billing_api_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"password_hash" text,
	"admin_group" boolean DEFAULT false NOT NULL,
	"billing_group" boolean DEFAULT false NOT NULL,
	"technical_group" boolean DEFAULT false NOT NULL,
	"time_zone" text DEFAULT 'US/Eastern' NOT NULL,
	"ui_color_mode" text DEFAULT 'light' NOT NULL,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_account_id_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "contacts_ui_color_mode_check" CHECK ("contacts"."ui_color_mode" IN ('light', 'dark', 'auto'))
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licenses_contact_id_service_id_key" UNIQUE("contact_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text,
	CONSTRAINT "products_name_key" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"item_type" text NOT NULL,
	"api_id" text,
	"status" text DEFAULT 'active' NOT NULL,
	"provision_status" text DEFAULT 'provisioned' NOT NULL,
	"prod_description" text,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_account_id_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "services_item_type_check" CHECK ("services"."item_type" IN ('itp_voice', 'paylink360', 'itp_vfax_new_number', 'itp_cloud', 'office365', 'google_apps', 'google_workspace', 'it_managed_services', 'other')),
	CONSTRAINT "services_status_check" CHECK ("services"."status" IN ('active', 'inactive', 'suspended')),
	CONSTRAINT "services_provision_status_check" CHECK ("services"."provision_status" IN ('provisioned', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"balance" numeric(12, 2) DEFAULT 0 NOT NULL,
	"days_past_due" integer DEFAULT 0 NOT NULL,
	"past_due_balance" numeric(12, 2) DEFAULT 0 NOT NULL,
	"credits" numeric(12, 2) DEFAULT 0 NOT NULL,
	"billing_cycle_month_date" integer DEFAULT 1 NOT NULL,
	"payment_method" text,
	"automatic_payments" boolean DEFAULT false NOT NULL,
	"card_first_name" text,
	"card_last_name" text,
	"card_last4" char(4),
	"card_type" text,
	"card_exp_month" text,
	"card_exp_year" text,
	"card_gateway_token" text,
	CONSTRAINT "billing_accounts_account_id_key" UNIQUE("account_id"),
	CONSTRAINT "billing_accounts_cycle_date_check" CHECK ("billing_accounts"."billing_cycle_month_date" BETWEEN 1 AND 31),
	CONSTRAINT "billing_accounts_days_past_due_check" CHECK ("billing_accounts"."days_past_due" >= 0),
	CONSTRAINT "billing_accounts_card_last4_check" CHECK ("billing_accounts"."card_last4" IS NULL OR "billing_accounts"."card_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "billing_accounts_card_type_check" CHECK ("billing_accounts"."card_type" IS NULL OR "billing_accounts"."card_type" IN ('visa', 'mastercard', 'amex', 'discover')),
	CONSTRAINT "billing_accounts_card_exp_month_check" CHECK ("billing_accounts"."card_exp_month" IS NULL OR "billing_accounts"."card_exp_month" ~ '^(0[1-9]|1[0-2])$'),
	CONSTRAINT "billing_accounts_card_exp_year_check" CHECK ("billing_accounts"."card_exp_year" IS NULL OR "billing_accounts"."card_exp_year" ~ '^[0-9]{4}$'),
	CONSTRAINT "billing_accounts_autopay_needs_card_check" CHECK (NOT "billing_accounts"."automatic_payments" OR "billing_accounts"."card_gateway_token" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"prod_description" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"purchase_type" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"price_per_unit" numeric(12, 2) NOT NULL,
	"provision_status" text DEFAULT 'pending' NOT NULL,
	"activation_date" timestamp with time zone,
	"completed" boolean DEFAULT false NOT NULL,
	"auto_provision" boolean DEFAULT false NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"tax_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"account_service_snapshot" jsonb,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "order_items_purchase_type_check" CHECK ("order_items"."purchase_type" IN ('upgrade', 'new_order', 'nrc_product')),
	CONSTRAINT "order_items_provision_status_check" CHECK ("order_items"."provision_status" IN ('provisioned', 'failed', 'pending'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'new_order' NOT NULL,
	"quote_id" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_account_id_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('completed', 'cancelled', 'new_order', 'other'))
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"payment_type" text NOT NULL,
	"last4" char(4),
	"transaction_id" text,
	"payment_status" text NOT NULL,
	"confirmation_number" text,
	"check_number" text,
	"idempotency_key" text,
	CONSTRAINT "payments_account_id_idempotency_key_key" UNIQUE("account_id","idempotency_key"),
	CONSTRAINT "payments_payment_type_check" CHECK ("payments"."payment_type" IN ('credit_card', 'check', 'credit', 'manual_ach')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "statements" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"amount_due" numeric(12, 2) NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_tools" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"type" text NOT NULL,
	"platforms" text[] DEFAULT '{}'::text[] NOT NULL,
	"requires_custom_build" boolean DEFAULT false NOT NULL,
	"one_time_use" boolean DEFAULT false NOT NULL,
	"file_size" text NOT NULL,
	"documentation_url" text,
	CONSTRAINT "support_tools_name_key" UNIQUE("name"),
	CONSTRAINT "support_tools_type_check" CHECK ("support_tools"."type" IN ('rmm_agent', 'remote_assist', 'meshcentral', 'diagnostic', 'other')),
	CONSTRAINT "support_tools_platforms_check" CHECK ("support_tools"."platforms" <@ ARRAY['windows', 'mac', 'linux']::text[])
);
--> statement-breakpoint
CREATE TABLE "tool_download_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"tool_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "tool_download_links_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tool_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"contact_id" integer,
	"tool_id" integer NOT NULL,
	"download_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"vendor" text,
	"model" text,
	"serial_number" text,
	"location" text,
	"assigned_to" text,
	"purchase_date" date,
	"warranty_expires" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_type_check" CHECK ("assets"."type" IN ('desktop', 'laptop', 'server', 'network', 'mobile', 'other')),
	CONSTRAINT "assets_status_check" CHECK ("assets"."status" IN ('active', 'maintenance', 'inactive', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"service_name" text NOT NULL,
	"category" text,
	"username" text,
	"password_sealed" text,
	"password_hidden" boolean DEFAULT false NOT NULL,
	"website" text,
	"notes" text,
	"expires" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"contact_person" text,
	"email" text,
	"phone" text,
	"website" text
);
--> statement-breakpoint
CREATE TABLE "ticket_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_by" text NOT NULL,
	"from_address" text NOT NULL,
	"content" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ticket_number" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'New' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"assigned_contact_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" timestamp with time zone,
	"is_billable" boolean DEFAULT false NOT NULL,
	"is_taxable" boolean DEFAULT false NOT NULL,
	"time_rounded" numeric(8, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "tickets_account_id_ticket_number_key" UNIQUE("account_id","ticket_number"),
	CONSTRAINT "tickets_account_id_id_key" UNIQUE("account_id","id"),
	CONSTRAINT "tickets_status_check" CHECK ("tickets"."status" IN ('New', 'Assigned', 'Accepted', 'In Progress', 'On Hold', 'Complete', 'Reviewed', 'Billed', 'Cancelled')),
	CONSTRAINT "tickets_priority_check" CHECK ("tickets"."priority" IN ('urgent', 'high', 'medium', 'low')),
	CONSTRAINT "tickets_time_rounded_check" CHECK ("tickets"."time_rounded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "one_time_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"contact_id" integer NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "one_time_tokens_token_hash_key" UNIQUE("token_hash"),
	CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" IN ('impersonation', 'app_launch'))
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"contact_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	CONSTRAINT "password_reset_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contact_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"family_expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"impersonated_by" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "refresh_tokens_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"contact_id" integer,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"outcome" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" IN ('pending', 'sent', 'failed', 'logged'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_contact_fk" FOREIGN KEY ("account_id","contact_id") REFERENCES "public"."contacts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_service_fk" FOREIGN KEY ("account_id","service_id") REFERENCES "public"."services"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_fk" FOREIGN KEY ("account_id","order_id") REFERENCES "public"."orders"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_download_links" ADD CONSTRAINT "tool_download_links_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_download_links" ADD CONSTRAINT "tool_download_links_tool_id_support_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."support_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_download_links" ADD CONSTRAINT "tool_download_links_contact_fk" FOREIGN KEY ("account_id","contact_id") REFERENCES "public"."contacts"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_downloads" ADD CONSTRAINT "tool_downloads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_downloads" ADD CONSTRAINT "tool_downloads_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_downloads" ADD CONSTRAINT "tool_downloads_tool_id_support_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."support_tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credentials" ADD CONSTRAINT "credentials_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD CONSTRAINT "ticket_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_entries" ADD CONSTRAINT "ticket_entries_ticket_fk" FOREIGN KEY ("account_id","ticket_id") REFERENCES "public"."tickets"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigned_contact_id_contacts_id_fk" FOREIGN KEY ("assigned_contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_email_lower_key" ON "contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_account_id_lastname_idx" ON "contacts" USING btree ("account_id","lastname","firstname");--> statement-breakpoint
CREATE INDEX "licenses_account_id_idx" ON "licenses" USING btree ("account_id","contact_id");--> statement-breakpoint
CREATE INDEX "licenses_service_id_idx" ON "licenses" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "services_account_id_item_type_idx" ON "services" USING btree ("account_id","item_type");--> statement-breakpoint
CREATE INDEX "services_product_id_idx" ON "services" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_items_order_id_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_account_id_idx" ON "order_items" USING btree ("account_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_account_id_created_at_idx" ON "orders" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "payments_account_id_created_at_idx" ON "payments" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "statements_account_id_created_at_idx" ON "statements" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tool_download_links_account_id_idx" ON "tool_download_links" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tool_download_links_contact_id_idx" ON "tool_download_links" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "tool_downloads_account_id_created_at_idx" ON "tool_downloads" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tool_downloads_contact_id_idx" ON "tool_downloads" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "assets_account_id_idx" ON "assets" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "credentials_account_id_idx" ON "credentials" USING btree ("account_id","service_name");--> statement-breakpoint
CREATE INDEX "vendors_account_id_idx" ON "vendors" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "ticket_entries_ticket_id_created_at_idx" ON "ticket_entries" USING btree ("ticket_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ticket_entries_account_id_idx" ON "ticket_entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "tickets_account_id_created_at_idx" ON "tickets" USING btree ("account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_account_id_assigned_created_at_idx" ON "tickets" USING btree ("account_id","assigned_contact_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_account_id_last_modified_at_idx" ON "tickets" USING btree ("account_id","last_modified_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_ticket_number_trgm_idx" ON "tickets" USING gin ("ticket_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_subject_trgm_idx" ON "tickets" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_description_trgm_idx" ON "tickets" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "one_time_tokens_contact_id_idx" ON "one_time_tokens" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "one_time_tokens_expires_at_idx" ON "one_time_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_contact_id_idx" ON "password_reset_tokens" USING btree ("contact_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_id_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_contact_id_idx" ON "refresh_tokens" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_expires_at_idx" ON "refresh_tokens" USING btree ("family_expires_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_account_id_created_at_idx" ON "audit_log" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_status_created_at_idx" ON "mail_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_started_at_idx" ON "rate_limits" USING btree ("window_started_at");