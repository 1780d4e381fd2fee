import type { AppConfig } from './config/index.js';
import type { DatabaseHandle, Executor } from './db/client.js';
import type { EventRecorder } from './events/event-recorder.js';
import type { Logger } from './platform/logger.js';
import type { Mailer } from './platform/mail.js';
import type { PortalMetrics } from './platform/metrics.js';
import type { MonitoringSystem } from './platform/monitoring-system.js';
import type { PaymentGateway } from './platform/payment-gateway.js';
import type { TokenService } from './platform/tokens.js';

/** What the server is built from (app.ts) and what route modules receive (routes.ts). */
export interface AppDependencies {
  config: AppConfig;
  database: DatabaseHandle;
  logger: Logger;
  /** Where the built web app lives; tests point elsewhere or at nothing. */
  webDistDir?: string;
  /** The web app's prerender program of the signed-out pages; tests bring a stand-in. */
  webPrerenderEntry?: string;
  /** How long /readyz waits at most for the prerendered pages (default PRERENDER_READY_WAIT_MS); tests shorten it. */
  prerenderReadyWaitMs?: number;
  /** Tests may capture mail; by default it goes to SMTP or the server's output. */
  mailer?: Mailer<Executor>;
  /** Tests may bring their own; by default the built-in sandbox gateway (platform/payment-gateway.ts). */
  paymentGateway?: PaymentGateway;
  /** Tests may bring their own; by default the built-in agent builder (platform/monitoring-system.ts). */
  monitoringSystem?: MonitoringSystem;
  /** Tests may bring their own (to count the mail of their own mailer too); by default one per app. */
  metrics?: PortalMetrics;
}

/** The app's dependencies with the adapters built from them: the base of the container (container.ts). */
export interface RouteDependencies extends AppDependencies {
  tokens: TokenService;
  mailer: Mailer<Executor>;
  paymentGateway: PaymentGateway;
  monitoringSystem: MonitoringSystem;
  metrics: PortalMetrics;
  /** Records what a command did, in its transaction, for the consumers (decision 0041). */
  events: EventRecorder;
}
