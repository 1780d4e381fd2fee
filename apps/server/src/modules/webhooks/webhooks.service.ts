import { randomBytes } from 'node:crypto';
import {
  webhookEndpointInput,
  type CreatedWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '@portal/contract';
import type { Database } from '../../db/client.js';
import { executeSqlOn } from '../../db/execute-sql.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { enqueueJobs } from '../../platform/job-queue.js';
import type { VaultKeyRing } from '../../platform/secret-box.js';
import { WEBHOOK_DELIVERY_QUEUE } from './webhook-events.repository.js';
import { isPrivateAddress } from './webhook-sender.js';
import * as repo from './webhooks.repository.js';

export const PRIVATE_URL_REFUSED = 'This portal does not send webhooks to loopback or private addresses (WEBHOOK_ALLOW_PRIVATE_URLS is false).';
const ENDPOINT = 'The webhook endpoint';
const DELIVERY = 'The webhook delivery';
/** The most deliveries one listing returns. */
export const DELIVERY_LIST_LIMIT = 200;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64 (the specification asks for 24 to 64). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export interface WebhooksServiceDeps {
  db: Database;
  vault: VaultKeyRing;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: whether loopback and private addresses may be registered. */
  allowPrivateUrls: boolean;
}

const toEndpoint = (row: repo.EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
});

const toDelivery = (row: repo.DeliveryRow & { attempts: repo.AttemptRow[] }): WebhookDelivery => ({
  id: row.id,
  event_id: row.eventId,
  event_type: row.eventType,
  account_id: row.accountId,
  endpoint_id: row.endpointId,
  status: row.status,
  attempt_count: row.attemptCount,
  next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
  last_status_code: row.lastStatusCode,
  last_error: row.lastError,
  created_at: row.createdAt.toISOString(),
  attempts: row.attempts.map((attempt) => ({
    attempted_at: attempt.attemptedAt.toISOString(),
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error: attempt.error,
  })),
});

/**
 * The provider's webhook endpoints and their deliveries (decision 0026). No HTTP or command-line
 * knowledge: `npm run portal -- webhook …` calls it, and so can the provider API's routes.
 */
export function createWebhooksService({ db, vault, allowPrivateUrls }: WebhooksServiceDeps) {
  async function endpointOf(id: number): Promise<repo.EndpointRow> {
    const row = Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? await repo.findEndpoint(db, id) : undefined;
    if (!row) throw notFound(ENDPOINT);
    return row;
  }

  return {
    /** Registers a receiver; the answer carries its signing secret, which is never shown again. */
    async create(input: WebhookEndpointInput): Promise<CreatedWebhookEndpoint> {
      const parsed = webhookEndpointInput.safeParse(input);
      if (!parsed.success) {
        const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
        throw new AppError('validation_failed', Object.values(fields)[0]!, fields);
      }
      const { url, events, description } = parsed.data;
      const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
      if (!allowPrivateUrls && (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host))) {
        throw new AppError('validation_failed', PRIVATE_URL_REFUSED, { url: PRIVATE_URL_REFUSED });
      }
      const secret = newWebhookSecret();
      const row = await repo.insertEndpoint(db, {
        url,
        events,
        description: description || null,
        secretSealed: vault.current.seal(secret),
        secretKeyId: vault.current.id,
      });
      return { ...toEndpoint(row), secret };
    },

    list: async (): Promise<WebhookEndpoint[]> => (await repo.listEndpoints(db)).map(toEndpoint),

    get: async (id: number): Promise<WebhookEndpoint> => toEndpoint(await endpointOf(id)),

    /** A disabled endpoint gets no new deliveries, and what it has waiting is held until it is enabled again. */
    async setEnabled(id: number, enabled: boolean): Promise<WebhookEndpoint> {
      await endpointOf(id);
      const row = await repo.setEndpointEnabled(db, id, enabled);
      if (!row) throw notFound(ENDPOINT);
      return toEndpoint(row);
    },

    async remove(id: number): Promise<void> {
      await endpointOf(id);
      if (!(await repo.deleteEndpoint(db, id))) throw notFound(ENDPOINT);
    },

    async deliveries(filter: { endpointId?: number; status?: WebhookDeliveryStatus; limit?: number } = {}): Promise<WebhookDelivery[]> {
      if (filter.endpointId !== undefined) await endpointOf(filter.endpointId);
      const limit = Math.min(Math.max(filter.limit ?? 50, 1), DELIVERY_LIST_LIMIT);
      return (await repo.listDeliveries(db, { ...filter, limit })).map(toDelivery);
    },

    /** Makes a delivery due now, whatever its status, and asks the job queue for a drain that sends it. */
    async retry(deliveryId: number): Promise<WebhookDelivery> {
      if (!Number.isSafeInteger(deliveryId) || deliveryId <= 0 || !(await repo.makeDeliveryDue(db, deliveryId))) throw notFound(DELIVERY);
      await enqueueJobs(executeSqlOn(db), [{ queue: WEBHOOK_DELIVERY_QUEUE, data: {} }]);
      const [row] = await repo.listDeliveries(db, { id: deliveryId, limit: 1 });
      return toDelivery(row!);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;

/** Seals every endpoint secret again under the current vault key (`npm run portal -- vault-rekey`, and at start-up). */
export function resealWebhookSecrets(db: Database, vault: VaultKeyRing): Promise<number> {
  return inTransaction(db, async (tx) => {
    const rows = await repo.endpointsSealedElsewhere(tx, vault.current.id);
    for (const row of rows) await repo.writeSealedSecret(tx, row.id, vault.current.seal(vault.open(row.secretSealed, row.secretKeyId)), vault.current.id);
    return rows.length;
  });
}
