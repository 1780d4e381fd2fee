import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';

export interface ReceivedMessage {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the Standard Webhooks library's own verification made of it: the parsed body, or why it refused. */
  verified: boolean;
  refusal?: string;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedMessage[];
  /** Statuses to answer verified messages with, in turn; 200 once they run out. */
  answers: number[];
  /** Waits this long before answering (a slow receiver). */
  delayMs: number;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * A provider's receiver, as a provider would write one: a real HTTP server on loopback that checks
 * every message with the `standardwebhooks` package's `Webhook#verify` (the specification's
 * verification, not the portal's sending code) and refuses (401) what does not verify.
 */
export async function startWebhookReceiver(port: number, secret: () => string): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: `http://127.0.0.1:${port}/hooks/portal`,
    received: [],
    answers: [],
    delayMs: 0,
    async waitFor(count, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > until) throw new Error(`The receiver got ${receiver.received.length} of ${count} messages`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let message: ReceivedMessage;
      try {
        new Webhook(secret()).verify(body, request.headers as Record<string, string>);
        message = { headers: request.headers, body, verified: true };
      } catch (error) {
        message = { headers: request.headers, body, verified: false, refusal: (error as Error).message };
      }
      receiver.received.push(message);
      const status = message.verified ? (receiver.answers.shift() ?? 200) : 401;
      setTimeout(() => response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : `refused with ${status}`), receiver.delayMs);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return receiver;
}
