import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** What one attempt came to: the receiver's status, or why there was none. */
export interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  /** Null on success; else the reason, with the start of the receiver's answer when it gave one. */
  error: string | null;
}

export interface WebhookMessageToSend {
  url: string;
  /** The `whsec_…` secret. */
  secret: string;
  eventId: string;
  body: string;
}

export interface SenderOptions {
  timeoutMs: number;
  /** Whether receivers on loopback, private and link-local addresses may be called (docs/decisions/0026). */
  allowPrivateAddresses: boolean;
}

const ERROR_EXCERPT = 500;

/** Loopback, private, link-local, carrier-grade NAT, unspecified and unique-local addresses, IPv4 and IPv6. */
const PRIVATE_ADDRESSES = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv4');
  }
  for (const [net, prefix] of [
    ['::', 127],
    ['fc00::', 7],
    ['fe80::', 10],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = family === 6 ? /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] : undefined;
  if (mapped) return PRIVATE_ADDRESSES.check(mapped, 'ipv4');
  return PRIVATE_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateAddressRefused extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or loopback address; set WEBHOOK_ALLOW_PRIVATE_URLS=true to allow it`);
  }
}

/**
 * A DNS lookup that refuses private addresses. It is the address the socket then connects to, so
 * a name that answers differently on a second lookup (DNS rebinding) cannot slip through.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(Object.assign(new PrivateAddressRefused(hostname, refused.address), { code: 'EPRIVATE' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};

/** The Standard Webhooks headers for one attempt: the event id, the attempt's time, and the signature over both and the body. */
export function signedHeaders(message: Pick<WebhookMessageToSend, 'secret' | 'eventId' | 'body'>, at: Date): Record<string, string> {
  return {
    'webhook-id': message.eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(message.secret).sign(message.eventId, at, message.body),
  };
}

/**
 * One POST of a signed message. Any 2xx is success; anything else (a redirect too: it is not
 * followed), a refused connection or no answer within the timeout is a failure to retry.
 * Never throws.
 */
export function sendWebhook(message: WebhookMessageToSend, options: SenderOptions, now = () => new Date()): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      resolve({ statusCode, durationMs: elapsed(), error: error?.slice(0, ERROR_EXCERPT) ?? null });
    };
    let url: URL;
    try {
      url = new URL(message.url);
    } catch {
      return finish(null, 'The endpoint URL is not a valid URL');
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivateAddresses && isPrivateAddress(host)) return finish(null, new PrivateAddressRefused(host, host).message);

    const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!client) return finish(null, `The ${url.protocol} scheme is not allowed; only http and https`);
    const body = Buffer.from(message.body, 'utf8');
    // The whole exchange, connection to last byte, must fit in the timeout.
    const deadline = AbortSignal.timeout(options.timeoutMs);
    const failure = (error: Error) => (deadline.aborted ? `No answer within ${options.timeoutMs} ms` : error.message || String(error));
    const request = client.request(url, {
      signal: deadline,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'customer-portal-webhooks/1',
        ...signedHeaders(message, now()),
      },
      ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      // One connection per attempt: nothing pooled outlives the worker on shutdown.
      agent: false,
    });
    request.on('error', (error) => finish(null, failure(error)));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        if (kept < ERROR_EXCERPT) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      });
      response.on('error', (error) => finish(status, failure(error)));
      response.on('close', () => {
        if (!response.complete) finish(status, deadline.aborted ? `No answer within ${options.timeoutMs} ms` : 'The connection closed before the answer ended');
      });
      response.on('end', () => {
        if (status >= 200 && status < 300) return finish(status, null);
        const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, 300).trim();
        finish(status, `HTTP ${status}${excerpt ? `: ${excerpt}` : ''}`);
      });
    });
    request.end(body);
  });
}
