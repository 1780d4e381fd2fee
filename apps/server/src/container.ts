import { portalConsumers } from './consumers/index.js';
import { usesNamedStatements } from './db/client.js';
import { executeSqlOn } from './db/execute-sql.js';
import { createMailOutbox } from './db/mail-outbox.repository.js';
import type { AppDependencies, RouteDependencies } from './dependencies.js';
import { createSessionsService, type SessionsService } from './modules/auth/sessions.service.js';
import { contactPasswords } from './modules/users/index.js';
import { createAutoPayRunner, type AutoPayRunner } from './modules/billing/index.js';
import { createWebhookWorker, type WebhookWorker } from './modules/webhooks/webhook-worker.js';
import { createWebhooksService, type WebhooksService } from './modules/webhooks/webhooks.service.js';
import { createEventRecorder } from './events/event-recorder.js';
import { WEBHOOK_DELIVERY_QUEUE } from './modules/webhooks/index.js';
import { enqueueJobs, jobCounts } from './platform/job-queue.js';
import { createMailer } from './platform/mail.js';
import { createPortalMetrics } from './platform/metrics.js';
import { createLocalMonitoringSystem } from './platform/monitoring-system.js';
import { countPayments, createSandboxGateway } from './platform/payment-gateway.js';
import { createVaultKeyRing, type VaultKeyRing } from './platform/secret-box.js';
import { createTokenService } from './platform/tokens.js';
import { createUnsubscribeSigner, type UnsubscribeSigner } from './platform/unsubscribe-links.js';
import { createAttachmentLinkSigner } from './platform/attachment-links.js';
import type { AttachmentStorage } from './platform/attachment-storage.js';
import { createS3AttachmentStorage } from './platform/s3-attachment-storage.js';
import { createPostgresAttachmentStorage, createTicketAttachments, type TicketAttachments } from './modules/tickets/index.js';

/**
 * The object graph the server is made of, built once: the HTTP app (app.ts, routes.ts), the server process (server.ts:
 * the job queue's tasks, the vault's re-seal), the CLI and the tests take their parts from here, so each service, key
 * ring and adapter exists once per process and is built in one place.
 */
export interface Container extends RouteDependencies {
  /** The vault's keys: the current one seals, older ones (VAULT_OLD_KEYS) still open (decision 0015). */
  vault: VaultKeyRing;
  sessions: SessionsService;
  webhooks: WebhooksService;
  /** Charges due automatic payments: the job queue's cron runs it, the CLI on demand, tests directly. */
  autoPay: AutoPayRunner;
  /** Sends due webhook deliveries (decision 0026). */
  webhookWorker: WebhookWorker;
  /** Signs and checks the notification mails' one-click unsubscribe links (decision 0046). */
  unsubscribeLinks: UnsubscribeSigner;
  /** Tickets' files (decision 0047): the routes store and send them, the job queue makes their thumbnails. */
  attachments: TicketAttachments;
  /** Where the attachments' bytes live (ATTACHMENT_STORE): the sweep removes what uploads left there. */
  attachmentStorage: AttachmentStorage;
}

/** How long a webhook's download link works (docs/decisions/0047). */
const ATTACHMENT_LINK_MS = 7 * 86_400_000;

export function createContainer(deps: AppDependencies): Container {
  const { config, database, logger } = deps;
  const db = database.db;
  const metrics = deps.metrics ?? createPortalMetrics({ pool: database.pool, processMetrics: true, jobCounts: () => jobCounts(database.pool) });
  const tokens = createTokenService(config.secrets.tokenSecret);
  const vault = createVaultKeyRing(config.secrets.vaultKey, config.secrets.vaultOldKeys);
  const mailer =
    deps.mailer ??
    createMailer({
      outbox: createMailOutbox(db),
      smtpUrl: config.mail.smtpUrl,
      from: config.mail.from,
      log: logger,
      counted: (outcome) => metrics.mails.inc({ outcome }),
    });
  // The sandbox gateway signs its transaction ids with the token secret, so they are stable across instances.
  const paymentGateway = countPayments(deps.paymentGateway ?? createSandboxGateway({ secret: config.secrets.tokenSecret }), (outcome) =>
    metrics.payments.inc({ outcome }),
  );
  const monitoringSystem = deps.monitoringSystem ?? createLocalMonitoringSystem({ serverUrl: config.monitoring.serverUrl, secret: config.secrets.tokenSecret });
  const unsubscribeLinks = createUnsubscribeSigner(config.secrets.tokenSecret);
  const events = createEventRecorder(portalConsumers({ mailer, config, unsubscribeLinks }), { namedStatements: usesNamedStatements(db) });
  const links = createAttachmentLinkSigner(config.secrets.tokenSecret);
  // Ticket attachments' bytes (docs/decisions/0047): in PostgreSQL, or in an S3-compatible bucket whose SDK loads with its first use.
  const attachmentStorage = config.attachmentStore.kind === 's3' ? createS3AttachmentStorage(config.attachmentStore) : createPostgresAttachmentStorage(db);
  const attachments = createTicketAttachments({
    db,
    events,
    storage: attachmentStorage,
    limits: config.attachments,
    links: {
      urlOf: (row) =>
        `${config.publicUrl}/api/crm/ticket-attachment-links/${links.sign({ attachmentId: row.id, accountId: row.accountId, expiresAt: new Date(Date.now() + ATTACHMENT_LINK_MS) })}`,
      verify: (token) => links.verify(token),
    },
  });
  return {
    ...deps,
    attachments,
    attachmentStorage,
    metrics,
    tokens,
    vault,
    mailer,
    paymentGateway,
    monitoringSystem,
    events,
    unsubscribeLinks,
    sessions: createSessionsService({ db, tokens, config, metrics, events, passwords: contactPasswords, vault }),
    webhooks: createWebhooksService({ db, vault, allowPrivateUrls: config.webhooks.allowPrivateUrls }),
    autoPay: createAutoPayRunner({ db, gateway: paymentGateway, events }),
    webhookWorker: createWebhookWorker({
      db,
      vault,
      logger,
      options: { batchSize: config.webhooks.concurrency, timeoutMs: config.webhooks.timeoutMs, allowPrivateAddresses: config.webhooks.allowPrivateUrls },
      retryAt: (at) => enqueueJobs(executeSqlOn(db), [{ queue: WEBHOOK_DELIVERY_QUEUE, data: {}, startAfter: at }]),
    }),
  };
}

/** The container a caller brought, or one built from the dependencies it gave (tests build apps from dependencies). */
export const containerOf = (deps: AppDependencies | Container): Container => ('sessions' in deps ? deps : createContainer(deps));
