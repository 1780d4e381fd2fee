-- Periodic work runs on the job queue (pg-boss, its own schema "pgboss"; decision 0040), which keeps its schedules and runs.
DROP TABLE "scheduled_jobs" CASCADE;