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
 * Sends due deliveries (docs/decisions/0026). Every instance may run one: claims skip what another
 * instance holds. `start` polls; `stop` stops polling and waits for the attempts in flight to be
 * sent and recorded.
 */
export function createWebhookWorker({ db, vault, logger, options }: { db: Database; vault: VaultKeyRing; logger: Logger; options: WebhookWorkerOptions }) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<WebhookRunSummary> | undefined;
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
    const retryAt = succeeded ? null : nextAttemptAt(claim.attempt, claim.eventCreatedAt, new Date());
    try {
      await recordAttempt(
        db,
        claim,
        { attemptedAt, ...outcome },
        {
          status: succeeded ? 'succeeded' : retryAt ? 'failed' : 'dead',
          nextAttemptAt: retryAt,
        },
      );
    } catch (error) {
      // The endpoint was deleted meanwhile, or the database is away: the lease ends and the delivery (if it still exists) is tried again.
      logger.warn({ err: error, delivery: claim.id }, 'a webhook attempt could not be recorded');
    }
    if (!succeeded) logger.warn({ delivery: claim.id, event: claim.eventId, attempt: claim.attempt, error: outcome.error, retryAt }, 'webhook delivery failed');
    return succeeded;
  }

  /** One claim and its attempts, all recorded before it returns. */
  async function runOnce(): Promise<WebhookRunSummary> {
    const claims = await claimDueDeliveries(db, options.batchSize, options.timeoutMs + LEASE_MARGIN_MS);
    const results = await Promise.all(claims.map(attempt));
    const succeeded = results.filter(Boolean).length;
    return { succeeded, failed: results.length - succeeded };
  }

  /** Claims again at once while whole batches come back, so a backlog drains between polls. */
  async function drain(): Promise<WebhookRunSummary> {
    const total = { succeeded: 0, failed: 0 };
    for (;;) {
      const summary = await runOnce();
      total.succeeded += summary.succeeded;
      total.failed += summary.failed;
      if (stopped || summary.succeeded + summary.failed < options.batchSize) return total;
    }
  }

  function tick(): void {
    if (running || stopped) return;
    running = drain()
      .catch((error: unknown) => {
        logger.warn({ err: error }, 'webhook deliveries could not be claimed; will try again at the next poll');
        return { succeeded: 0, failed: 0 };
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    runOnce,
    /** Polls every `pollMs`; 0 leaves delivery to other instances. */
    start(pollMs: number): void {
      if (pollMs <= 0 || timer) return;
      stopped = false;
      timer = setInterval(tick, pollMs);
      timer.unref();
      tick();
    },
    /** Stops polling; resolves once the attempts in flight are recorded. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
