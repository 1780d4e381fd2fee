CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_instance" text NOT NULL,
	"runs" integer DEFAULT 1 NOT NULL
);
