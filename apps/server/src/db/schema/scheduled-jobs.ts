import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.js';

/**
 * One row per periodic task (the token sweeper, auto-pay): when it last started and where. Every
 * instance runs the same timers; an instance runs a task only when it wins this row's claim, so the
 * cluster runs each task once per period, not once per instance (docs/decisions/0023).
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamptz('last_started_at').notNull(),
  /** The instance that won the last claim (host name and pid), for an operator reading the table. */
  lastInstance: text('last_instance').notNull(),
  /** Claims won since the row was created. */
  runs: integer('runs').notNull().default(1),
});
