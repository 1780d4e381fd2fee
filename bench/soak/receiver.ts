import { createServer, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

/**
 * The provider's webhook receiver on 127.0.0.1, as a provider would write one: every message is
 * checked with the `standardwebhooks` package's `Webhook#verify` and refused (401) when it does not
 * verify; verified ones are counted once per `webhook-id` (delivery is at least once).
 */
export class WebhookReceiver {
  secret = '';
  /** Unique verified events by type. */
  readonly byType = new Map<string, number>();
  readonly seen = new Set<string>();
  messages = 0;
  duplicates = 0;
  refused: string[] = [];
  refusedCount = 0;
  /** Seconds from the event's timestamp to its arrival here, per unique event. */
  readonly lagMs: number[] = [];
  private server?: Server;

  get unique(): number {
    return this.seen.size;
  }

  async listen(port: number): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.messages += 1;
        let message: { type?: string; timestamp?: string };
        try {
          message = new Webhook(this.secret).verify(body, request.headers as Record<string, string>) as typeof message;
        } catch (error) {
          this.refusedCount += 1;
          if (this.refused.length < 20) this.refused.push(`${String(request.headers['webhook-id'])}: ${(error as Error).message}`);
          response.writeHead(401, { 'content-type': 'text/plain' }).end('signature refused');
          return;
        }
        const id = String(request.headers['webhook-id']);
        if (this.seen.has(id)) {
          this.duplicates += 1;
        } else {
          this.seen.add(id);
          const type = message.type ?? 'unknown';
          this.byType.set(type, (this.byType.get(type) ?? 0) + 1);
          const at = Date.parse(message.timestamp ?? '');
          if (Number.isFinite(at)) this.lagMs.push(Date.now() - at);
        }
        response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, '127.0.0.1', () => resolve());
    });
    return `http://127.0.0.1:${port}/hooks/portal`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}
