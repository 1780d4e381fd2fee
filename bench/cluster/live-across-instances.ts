/**
 * Issue 35 in the cluster (decision 0046): alice's live stream, opened through HAProxy, hears a technician's reply
 * pushed through the provider API on each of the three instances in turn, so at least two of them are not the
 * instance that holds her stream; each reply reaches her as a ticket update and a notification within a second.
 * The instances hear each other through PostgreSQL's LISTEN/NOTIFY (behind PgBouncer, on DATABASE_LISTEN_URL).
 */
import { execFileSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { signInAs } from './load.js';

const ACME = 'crm-acme-1001';
const WITHIN_MS = 1_000;

interface Arrival {
  type: string;
  ticketId?: number;
  at: number;
}

/** An open stream's messages as they come (type, the ticket of a ticket update, when). */
async function openStream(base: string, token: string) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/portal/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`the live stream answered ${response.status}`);
  const arrivals: Arrival[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data:'));
          buffer = buffer.slice(end + 2);
          if (!data) continue;
          const message = JSON.parse(data.slice(5)) as { type: string; ticket_id?: number };
          arrivals.push({ type: message.type, ticketId: message.ticket_id, at: Date.now() });
        }
      }
    } catch {
      // closed
    }
  })();
  return { arrivals, close: () => abort.abort(), instance: response.headers.get('x-portal-instance') ?? 'unknown' };
}

export async function checkLiveAcrossInstances({
  root,
  env,
  base,
  instanceUrls,
  check,
}: {
  root: string;
  env: NodeJS.ProcessEnv;
  base: string;
  instanceUrls: readonly string[];
  check: (condition: boolean, message: string) => void;
}): Promise<void> {
  const cli = execFileSync(process.execPath, ['release/server/cli.js', 'api-key', 'create', '--name', 'Cluster live check', '--scopes', 'tickets:write'], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  const key = /\bppk_[A-Za-z0-9_-]+/.exec(cli)?.[0];
  if (!key) throw new Error(`no key in the CLI's answer:\n${cli}`);
  const provider = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const ticketPath = `/api/provider/v1/accounts/${ACME}/tickets/cluster-live-${Date.now()}`;
  const pushed = await fetch(`${instanceUrls[0]}${ticketPath}`, {
    method: 'PUT',
    headers: provider,
    body: JSON.stringify({ subject: 'Live across instances', description: 'Replies come through each instance.', status: 'Assigned' }),
  });
  if (pushed.status !== 201) throw new Error(`the ticket push answered ${pushed.status}`);
  const ticketId = ((await pushed.json()) as { result: { item: { id: number } } }).result.item.id;

  // Alice hears of every ticket of her account, and opens her stream through the load balancer.
  const token = await signInAs(base, 'alice.admin@acme.example');
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const choices = ((await (await fetch(`${base}/api/portal/my-profile/notifications`, { headers })).json()) as { result: Record<string, unknown> }).result;
  const { from_account_default: _fromDefault, ...own } = choices;
  await fetch(`${base}/api/portal/my-profile/notifications`, { method: 'PUT', headers, body: JSON.stringify({ ...own, all_account_tickets: true }) });
  const stream = await openStream(base, token);
  const deadline = Date.now() + 10_000;
  while (!stream.arrivals.some((arrival) => arrival.type === 'ready') && Date.now() < deadline) await sleep(20);

  const delays: string[] = [];
  let allWithin = true;
  for (const [index, url] of instanceUrls.entries()) {
    const seen = stream.arrivals.length;
    const sentAt = Date.now();
    const reply = await fetch(`${url}${ticketPath}/entries/reply-${index}`, {
      method: 'PUT',
      headers: provider,
      body: JSON.stringify({ author_name: 'Tom Tech', author_email: 'tom@provider.example', content: `Through instance ${index + 1}.` }),
    });
    const arrived = (type: string) =>
      stream.arrivals.slice(seen).find((arrival) => arrival.type === type && (type !== 'ticket' || arrival.ticketId === ticketId));
    while ((!arrived('ticket') || !arrived('notification')) && Date.now() - sentAt < 5_000) await sleep(10);
    const ticketMs = (arrived('ticket')?.at ?? Infinity) - sentAt;
    const noticeMs = (arrived('notification')?.at ?? Infinity) - sentAt;
    allWithin &&= reply.status === 201 && ticketMs <= WITHIN_MS && noticeMs <= WITHIN_MS;
    delays.push(`app${index + 1}: ${reply.status}, update ${ticketMs} ms, notification ${noticeMs} ms`);
  }
  stream.close();
  await fetch(`${base}/api/portal/my-profile/notifications`, { method: 'PUT', headers, body: JSON.stringify({ ...own, all_account_tickets: false }) });
  check(
    allWithin,
    `a reply pushed through each instance reached alice's stream (through HAProxy, on ${stream.instance}) within ${WITHIN_MS} ms (${delays.join('; ')})`,
  );
}
