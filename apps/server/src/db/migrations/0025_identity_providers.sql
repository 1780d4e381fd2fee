CREATE TABLE "identity_provider_domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_provider_removed_users" (
	"account_id" integer NOT NULL,
	"email" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_provider_removed_users_pkey" PRIMARY KEY("account_id","email")
);
--> statement-breakpoint
CREATE TABLE "identity_provider_sign_ins" (
	"state_hash" text NOT NULL,
	"account_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "identity_provider_sign_ins_pkey" PRIMARY KEY("state_hash")
);
--> statement-breakpoint
CREATE TABLE "identity_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"display_name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"client_secret_key_id" text NOT NULL,
	"allow_jit_users" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_providers_account_id_key" UNIQUE("account_id")
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "identity_provider_domains" ADD CONSTRAINT "identity_provider_domains_account_id_identity_providers_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."identity_providers"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_removed_users" ADD CONSTRAINT "identity_provider_removed_users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_provider_sign_ins" ADD CONSTRAINT "identity_provider_sign_ins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_providers" ADD CONSTRAINT "identity_providers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_provider_domains_account_id_idx" ON "identity_provider_domains" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "identity_provider_sign_ins_expires_at_idx" ON "identity_provider_sign_ins" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_check" CHECK ("one_time_tokens"."purpose" IN ('impersonation', 'app_launch', 'second_factor', 'identity_provider'));