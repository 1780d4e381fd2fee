import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobCount } from './job-queue.js';

/** What the portal counts for its operators (decision 0024), on a registry of its own per app. */
export interface PortalMetrics {
  registry: Registry;
  /** Every HTTP answer, by method, route pattern (never the raw URL) and status. */
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Successful password sign-ins. */
  signIns: Counter;
  /** Sign-ins refused for a wrong password or an unknown username (throttled ones count in `throttled`). */
  signInsRefused: Counter;
  /** Requests answered 429, by the limit that refused them. */
  throttled: Counter<'limit'>;
  /** Charges the payment gateway answered, by outcome. */
  payments: Counter<'outcome'>;
  /** Mail deliveries by outcome: sent over SMTP, printed (no SMTP configured) or failed. */
  mails: Counter<'outcome'>;
}

export type ThrottledLimit = 'sign_in' | 'password_reset' | 'request_budget';
export type PaymentOutcome = 'succeeded' | 'declined' | 'card_refused' | 'error';
export type MailOutcome = 'sent' | 'printed' | 'failed';

/** The pool figures /metrics reports; node-postgres's Pool has them. */
export interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * A fresh registry with the portal's counters, the database pool's use (read at each scrape) and,
 * when `processMetrics` is set, prom-client's default process metrics: memory, CPU, event-loop lag,
 * garbage collection. Those watch the whole process, so only the serving app turns them on.
 */
export function createPortalMetrics(options: { pool?: PoolFigures; processMetrics?: boolean; jobCounts?: () => Promise<JobCount[]> } = {}): PortalMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const pool = options.pool;
  if (pool) {
    const gauge = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read());
        },
      });
    gauge('portal_db_pool_connections', 'Connections the database pool holds (busy and idle)', () => pool.totalCount);
    gauge('portal_db_pool_idle_connections', 'Connections in the database pool that are idle', () => pool.idleCount);
    gauge('portal_db_pool_waiting_requests', 'Queries waiting for a free connection from the database pool', () => pool.waitingCount);
  }

  const jobCounts = options.jobCounts;
  if (jobCounts) {
    // Read at each scrape from the job queue's tables (decision 0040): failed jobs are those whose retries ran out.
    new Gauge({
      name: 'portal_jobs',
      help: 'Background jobs by queue and state (created, retry, active, completed, cancelled, failed), the archived ones included',
      labelNames: ['queue', 'state'],
      registers: [registry],
      async collect() {
        this.reset();
        for (const { queue, state, count } of await jobCounts()) this.set({ queue, state }, count);
      },
    });
  }

  const labelled = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
    new Counter<L>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    httpRequests: labelled('portal_http_requests_total', 'HTTP requests answered, by method, route pattern and status', ['method', 'route', 'status']),
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    signIns: new Counter({ name: 'portal_sign_ins_total', help: 'Successful password sign-ins', registers: [registry] }),
    signInsRefused: new Counter({
      name: 'portal_sign_ins_refused_total',
      help: 'Sign-ins refused for a wrong password or an unknown username',
      registers: [registry],
    }),
    throttled: labelled(
      'portal_throttled_requests_total',
      'Requests refused with 429, by the limit that refused them (sign_in, password_reset, request_budget)',
      ['limit'],
    ),
    payments: labelled('portal_payments_total', 'Card charges answered by the payment gateway, by outcome (succeeded, declined, card_refused, error)', [
      'outcome',
    ]),
    mails: labelled('portal_mails_total', 'Mail deliveries by outcome (sent, printed, failed)', ['outcome']),
  };
}
