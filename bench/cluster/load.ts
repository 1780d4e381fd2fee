import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** One request of the mixed load, as the client saw it. */
export interface Sample {
  phase: string;
  action: string;
  startedAt: number;
  endedAt: number;
  status: number;
  /** The network error, when no answer came. */
  error?: string;
  /** The instance that answered (HAProxy's X-Portal-Instance). */
  instance?: string;
  /** The answer's Retry-After header, when it had one (a 503 should). */
  retryAfter?: string;
  /** Set on a 2xx whose body lacks what the action returns (a wrong answer: e.g. an empty ticket list). */
  incomplete?: true;
  /** What an acknowledged write left behind, checked in the database afterwards. */
  wrote?: { kind: 'reply'; marker: string } | { kind: 'payment'; id: string; key: string };
}

export const ok = (sample: Sample) => sample.status >= 200 && sample.status < 300;

/** The demo data's password (apps/server/seed) and Acme's billing id, which the load signs in with and pays. */
export const DEMO_PASSWORD = 'demo-pass-2026';
export const ACME_BILLING_ID = 'ba_acme_1001';

/** A demo user's access token, signed in through `base`. */
export async function signInAs(base: string, username: string): Promise<string> {
  const response = await fetch(`${base}/api/crm/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username} answered ${response.status}`);
  return ((await response.json()) as { result: { access_token: string } }).result.access_token;
}

/** The load's target on Acme: alice signed in, the first page of her tickets to reply to, and three demo users to sign in as. */
export async function acmeLoadTarget(base: string): Promise<LoadTarget> {
  const accessToken = await signInAs(base, 'alice.admin@acme.example');
  const response = await fetch(`${base}/api/crm/nable-tickets?limit=25`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!response.ok) throw new Error(`alice's ticket list answered ${response.status}`);
  const { result } = (await response.json()) as { result: { tickets: Array<{ id: number }> } };
  return {
    base,
    accessToken,
    billingId: ACME_BILLING_ID,
    ticketIds: result.tickets.map((ticket) => ticket.id),
    signIns: ['alice.admin@acme.example', 'bill.billing@acme.example', 'tess.tech@acme.example'].map((username) => ({ username, password: DEMO_PASSWORD })),
  };
}

export interface LoadTarget {
  base: string;
  /** Alice: an administrator with billing, so every action is hers to take. */
  accessToken: string;
  billingId: string;
  ticketIds: number[];
  signIns: Array<{ username: string; password: string }>;
}

type Outcome = Pick<Sample, 'status' | 'error' | 'instance' | 'retryAfter' | 'wrote'> & { body?: unknown };
type Action = (target: LoadTarget) => Promise<Outcome>;

const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/**
 * One request on a connection of its own (`agent: false`), so a failure is about the load balancer and
 * the instances, never a keep-alive connection between this client and HAProxy closing as it is reused.
 */
function send(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; instance?: string; retryAfter?: string; body: unknown; error?: string }> {
  return new Promise((resolve) => {
    const request = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent: false, timeout: 15_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error) => resolve({ status: 0, body: undefined, error: String(error) }));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON (HAProxy's own error page)
        }
        const instance = response.headers['x-portal-instance'];
        const retryAfter = response.headers['retry-after'];
        resolve({ status: response.statusCode ?? 0, instance: typeof instance === 'string' ? instance : undefined, retryAfter, body });
      });
    });
    request.on('timeout', () => request.destroy(new Error('no answer in 15 s')));
    request.on('error', (error) => resolve({ status: 0, body: undefined, error: String(error) }));
    request.end(init.body);
  });
}

const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;
const SEARCHES = ['printer', 'vpn', 'email', 'backup', 'password', 'phone'];

/** The mix: reads most of the time, writes a fifth of it, like a portal's day. Weights add to 100. */
const ACTIONS: Array<[string, number, Action]> = [
  ['ticket list', 25, async (t) => send(`${t.base}/api/crm/nable-tickets?limit=25`, { headers: json(t.accessToken) })],
  ['ticket search', 15, async (t) => send(`${t.base}/api/crm/nable-tickets?limit=25&search=${pick(SEARCHES)}`, { headers: json(t.accessToken) })],
  ['ticket detail', 10, async (t) => send(`${t.base}/api/crm/nable-tickets/${pick(t.ticketIds)}`, { headers: json(t.accessToken) })],
  ['profile read', 20, async (t) => send(`${t.base}/api/crm/auth/me`, { headers: json(t.accessToken) })],
  [
    'sign-in',
    8,
    async (t) =>
      send(`${t.base}/api/crm/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(pick(t.signIns)) }),
  ],
  [
    'ticket reply',
    12,
    async (t) => {
      const marker = `cluster-reply-${randomUUID()}`;
      const answer = await send(`${t.base}/api/crm/nable-tickets/${pick(t.ticketIds)}`, {
        method: 'POST',
        headers: json(t.accessToken),
        body: JSON.stringify({ description: `Load test reply ${marker}` }),
      });
      return { ...answer, wrote: { kind: 'reply', marker } };
    },
  ],
  [
    'payment',
    10,
    async (t) => {
      const key = `cluster-pay-${randomUUID()}`;
      const answer = await send(`${t.base}/api/billing/account/${t.billingId}/payments/creditcard`, {
        method: 'POST',
        headers: { ...json(t.accessToken), 'idempotency-key': key },
        body: JSON.stringify({
          payment: {
            amount: 1.25,
            cc_first_name: 'Alice',
            cc_last_name: 'Morgan',
            cc_num: '4242 4242 4242 4242',
            cc_exp_month: '12',
            cc_exp_year: String(new Date().getUTCFullYear() + 3),
            cc_type: 'visa',
          },
        }),
      });
      const id = (answer.body as { result?: { payment?: { _id?: string } } } | undefined)?.result?.payment?._id;
      return { ...answer, wrote: id ? { kind: 'payment', id, key } : undefined };
    },
  ],
];

/**
 * Whether a 2xx answer holds what its action returns: the envelope's result, the demo data's tickets in a list, a
 * token from a sign-in, the payment's id. A 2xx without it is a wrong answer, worse than a failure.
 */
function complete(action: string, body: unknown): boolean {
  const result = (body as { result?: unknown } | undefined)?.result as Record<string, unknown> | undefined;
  if (result === undefined || result === null || typeof result !== 'object') return false;
  if (action === 'ticket list') return Array.isArray(result.tickets) && result.tickets.length > 0;
  if (action === 'ticket search') return Array.isArray(result.tickets);
  if (action === 'sign-in') return typeof result.access_token === 'string';
  if (action === 'payment') return typeof (result.payment as { _id?: unknown } | undefined)?._id === 'string';
  return true;
}

function chooseAction(): [string, Action] {
  let roll = Math.random() * 100;
  for (const [name, weight, action] of ACTIONS) {
    if ((roll -= weight) < 0) return [name, action];
  }
  const last = ACTIONS[ACTIONS.length - 1]!;
  return [last[0], last[2]];
}

/**
 * `workers` clients, each sending one request after another with a short pause, until `running()`
 * turns false or `maxRequests` have been sent; every answer is recorded with the phase it started in.
 */
export async function driveLoad(options: {
  target: LoadTarget;
  workers: number;
  pauseMs: number;
  maxRequests: number;
  phase: () => string;
  running: () => boolean;
}): Promise<Sample[]> {
  const samples: Sample[] = [];
  let sent = 0;
  const worker = async () => {
    while (options.running() && sent < options.maxRequests) {
      sent += 1;
      const [action, run] = chooseAction();
      const phase = options.phase();
      const startedAt = Date.now();
      const { status, error, instance, retryAfter, wrote, body } = await run(options.target);
      const sample: Sample = { phase, action, startedAt, endedAt: Date.now(), status, error, instance, retryAfter, wrote };
      if (ok(sample) && !complete(action, body)) sample.incomplete = true;
      samples.push(sample);
      await sleep(options.pauseMs);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  return samples;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
