import type { Database } from '../../db/client.js';
import type { Logger } from '../../platform/logger.js';
import type { VaultKeyRing } from '../../platform/secret-box.js';
import { nextAttemptAt } from './delivery-schedule.js';
import { sendWebhook, type AttemptOutcome, type SenderOptions } from './webhook-sender.js';
import { claimDueDeliveries, recordAttempt, type ClaimedDelivery } from './webhooks.repository.js';

export interface WebhookWorkerOptions extends SenderOptions {
  /** Deliveries claimed (and sent in parallel) at a time. */
  batchSize: number;
}

export interface WebhookRunSummary {
  succeeded: number;
  failed: number;
}

/** A claimed delivery is not claimed again for this long past the attempt's timeout (so only if this instance died). */
const LEASE_MARGIN_MS = 30_000;

/**
 * Sends due deliveries (docs/decisions/0026, 0041). The job queue runs `drain` whenever a change has written
 * deliveries (webhook-events.repository.ts enqueues the job with them), when a failed attempt's retry is due (`retryAt` below
 * enqueues it), and every minute in case a lease ran out; claims skip what another instance holds. `stop` waits for
 * the attempts in flight to be recorded.
 */
export function createWebhookWorker({
  db,
  vault,
  logger,
  options,
  retryAt,
}: {
  db: Database;
  vault: VaultKeyRing;
  logger: Logger;
  options: WebhookWorkerOptions;
  /** Asks for a drain at this time (the next attempt of a failed delivery); the job queue keeps the request. */
  retryAt?: (at: Date) => Promise<void>;
}) {
  const inFlight = new Set<Promise<unknown>>();
  let stopped = false;

  async function attempt(claim: ClaimedDelivery): Promise<boolean> {
    const attemptedAt = new Date();
    let outcome: AttemptOutcome;
    try {
      const secret = vault.open(claim.secretSealed, claim.secretKeyId);
      outcome = await sendWebhook({ url: claim.url, secret, eventId: claim.eventId, body: claim.body }, options);
    } catch (error) {
      outcome = { statusCode: null, durationMs: 0, error: `Not sent: ${error instanceof Error ? error.message : String(error)}` };
    }
    const succeeded = outcome.error === null;
    const nextAt = succeeded ? null : nextAttemptAt(claim.attempt, claim.eventCreatedAt, new Date());
    try {
      await recordAttempt(
        db,
        claim,
        { attemptedAt, ...outcome },
        {
          status: succeeded ? 'succeeded' : nextAt ? 'failed' : 'dead',
          nextAttemptAt: nextAt,
        },
      );
      if (nextAt && retryAt) await retryAt(nextAt);
    } catch (error) {
      // The endpoint was deleted meanwhile, or the database is away: the lease ends and the delivery (if it still exists) is tried again.
      logger.warn({ err: error, delivery: claim.id }, 'a webhook attempt could not be recorded');
    }
    if (!succeeded)
      logger.warn({ delivery: claim.id, event: claim.eventId, attempt: claim.attempt, error: outcome.error, retryAt: nextAt }, 'webhook delivery failed');
    return succeeded;
  }

  /** One claim and its attempts, all recorded before it returns. */
  async function runOnce(): Promise<WebhookRunSummary> {
    const claims = await claimDueDeliveries(db, options.batchSize, options.timeoutMs + LEASE_MARGIN_MS);
    const results = await Promise.all(claims.map(attempt));
    const succeeded = results.filter(Boolean).length;
    return { succeeded, failed: results.length - succeeded };
  }

  /** Claims again at once while whole batches come back, so a backlog drains in one job. */
  async function drainAll(): Promise<WebhookRunSummary> {
    const total = { succeeded: 0, failed: 0 };
    for (;;) {
      const summary = await runOnce();
      total.succeeded += summary.succeeded;
      total.failed += summary.failed;
      if (stopped || summary.succeeded + summary.failed < options.batchSize) return total;
    }
  }

  return {
    runOnce,
    /** Sends every due delivery; a failure to claim (the database is away) throws, and the job is tried again. */
    async drain(): Promise<WebhookRunSummary> {
      if (stopped) return { succeeded: 0, failed: 0 };
      const run = drainAll();
      inFlight.add(run);
      try {
        return await run;
      } finally {
        inFlight.delete(run);
      }
    },
    /** Claims no more; resolves once the attempts in flight are recorded. */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.allSettled([...inFlight]);
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
