CREATE TABLE "attachment_chunks" (
	"storage_key" text NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "attachment_chunks_pkey" PRIMARY KEY("storage_key","seq")
);
--> statement-breakpoint
CREATE TABLE "ticket_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"ticket_id" integer,
	"entry_id" integer,
	"uploaded_by" integer,
	"file_name" text NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_status" text DEFAULT 'none' NOT NULL,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_attachments_size_check" CHECK ("ticket_attachments"."size" >= 0),
	CONSTRAINT "ticket_attachments_thumbnail_status_check" CHECK ("ticket_attachments"."thumbnail_status" IN ('none', 'pending', 'ready', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_uploaded_by_contacts_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_fk" FOREIGN KEY ("account_id","ticket_id") REFERENCES "public"."tickets"("account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_entry_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ticket_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_attachments_account_id_idx" ON "ticket_attachments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_ticket_id_idx" ON "ticket_attachments" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "ticket_attachments_entry_id_idx" ON "ticket_attachments" USING btree ("entry_id");