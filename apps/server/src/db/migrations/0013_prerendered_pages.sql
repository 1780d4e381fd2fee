CREATE TABLE "prerendered_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"pages" json NOT NULL,
	"rendered_by" text NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
