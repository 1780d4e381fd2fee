/**
 * What the run needs before the load, made the way the provider and the customers would make it:
 * a provider API key (the CLI, as provider staff do), a voice service with seats, one contact per
 * virtual customer (provider API bulk, each invited by e-mail; the printed invitation's link sets the
 * password), one stored credential each, some PSA tickets, and the webhook receiver's endpoint.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { WEBHOOK_EVENT_TYPES } from '@portal/contract';
import { must } from './http.js';
import type { Recorder } from './recorder.js';
import { repoRoot, type Portal } from './server.js';
import { ACME, SETTINGS } from './settings.js';

export interface Session {
  access: string;
  refresh: string;
  /** When the access token was issued (it lives 15 minutes). */
  at: number;
}

export interface VirtualCustomer {
  n: number;
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  contactId: number;
  session: Session;
  credentialId: number;
  /** The license this contact holds on the soak's voice service, if any (the license action toggles it). */
  licenseId?: number;
  timeZone: string;
}

export interface World {
  base: string;
  provider: { key: string; base: string };
  billingId: string;
  customers: VirtualCustomer[];
  /** Active tickets the customers answer (the demo's and the PSA's). */
  ticketIds: number[];
  /** The PSA ticket with a long conversation. */
  longTicketId: number;
  /** The PSA's tickets by external id, for the technicians' replies. */
  psaTickets: string[];
  licenseServiceId: number;
  /** App tiles that launch with a single-use token. */
  tokenApps: string[];
  supportTool?: { id: number; os: string };
  webhookEndpointId: number;
  run: string;
}

interface LoginResult {
  access_token: string;
  refresh_token: string;
  pk: number;
}

export const PSA_TICKETS_AT_START = 20;
/** Entries of the one PSA ticket with a long conversation (the provider API takes up to 200 with a ticket). */
const LONG_CONVERSATION = 150;
export const SOAK_SERVICE = 'Soak Voice Seats';

export async function signIn(
  recorder: Recorder,
  base: string,
  email: string,
  password: string,
  name = 'setup: sign-in',
): Promise<{ session: Session; contactId: number }> {
  const result = await must<LoginResult>(recorder, name, `${base}/api/crm/auth/login`, { method: 'POST', body: { username: email, password } });
  return { session: { access: result.access_token, refresh: result.refresh_token, at: Date.now() }, contactId: result.pk };
}

function createApiKey(portal: Portal): string {
  const scopes = ['accounts:read', 'contacts:write', 'services:write', 'tickets:write', 'billing:write', 'webhooks:write'].join(',');
  const result = spawnSync(process.execPath, ['dist/bin/cli.js', 'api-key', 'create', '--name', 'Soak benchmark (PSA sync)', '--scopes', scopes], {
    cwd: `${repoRoot}/apps/server`,
    env: portal.env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const key = /ppk_[0-9a-f]{12}_[A-Za-z0-9_-]{43}/.exec(result.stdout ?? '')?.[0];
  if (!key) throw new Error(`api-key create did not print a key (status ${result.status}): ${result.stdout}${result.stderr}`);
  return key;
}

export async function prepare(recorder: Recorder, portal: Portal, receiverUrl: string): Promise<{ world: World; secret: string }> {
  const base = portal.base;
  const run = randomBytes(3).toString('hex');
  const key = createApiKey(portal);
  const providerBase = `${base}/api/provider/v1`;
  const account = `${providerBase}/accounts/${ACME.externalId}`;
  const asProvider = { token: key };

  const acme = await must<{ billing_id: string | null }>(recorder, 'setup: provider account', account, asProvider);
  const billingId = acme.billing_id ?? ACME.billingId;

  // Seats for every virtual customer and two more, so adding a license never runs out of them.
  await must(recorder, 'setup: voice service', `${account}/services/soak-voice-seats`, {
    ...asProvider,
    method: 'PUT',
    body: { product: { name: SOAK_SERVICE, category: 'Voice' }, item_type: 'itp_voice', price: 1, quantity: SETTINGS.vus, seats: SETTINGS.vus + 2 },
  });

  // One contact per virtual customer, administrators with billing (every action is theirs to take), each invited.
  const people = Array.from({ length: SETTINGS.vus }, (_, i) => ({
    n: i + 1,
    email: `soak.vu${i + 1}.${run}@soak-customer.example`,
    firstname: 'Soak',
    lastname: `Customer ${i + 1}`,
  }));
  await must(recorder, 'setup: contacts bulk', `${account}/contacts/bulk`, {
    ...asProvider,
    method: 'POST',
    body: {
      items: people.map((p) => ({
        external_id: `soak-vu-${run}-${p.n}`,
        firstname: p.firstname,
        lastname: p.lastname,
        email: p.email,
        admin_group: true,
        billing_group: true,
        technical_group: true,
      })),
    },
  });
  const until = Date.now() + 60_000;
  while (people.some((p) => !portal.invitations.has(p.email))) {
    if (Date.now() > until)
      throw new Error(`only ${people.filter((p) => portal.invitations.has(p.email)).length} of ${people.length} invitations were printed within 60 s`);
    await sleep(100);
  }

  const customers: VirtualCustomer[] = [];
  for (const person of people) {
    const password = `soak-${randomBytes(9).toString('base64url')}-lantern`;
    await must(recorder, 'setup: choose password', `${base}/api/crm/myprofile`, {
      method: 'PATCH',
      token: portal.invitations.get(person.email),
      body: { password },
    });
    const { session, contactId } = await signIn(recorder, base, person.email, password);
    const credential = await must<{ id: number | string }>(recorder, 'setup: credential', `${base}/api/crm/credentials`, {
      method: 'POST',
      token: session.access,
      body: {
        title: `Soak router ${person.n}`,
        username: `admin${person.n}`,
        password: `router-${randomBytes(6).toString('hex')}`,
        url: 'https://router.soak.example',
        notes: 'Made by the soak benchmark',
      },
    });
    customers.push({ ...person, password, contactId, session, credentialId: Number(credential.id), timeZone: 'US/Eastern' });
  }
  const first = customers[0]!.session.access;

  // The PSA's first tickets, so technicians have something to answer from the start.
  const psaTickets = Array.from({ length: PSA_TICKETS_AT_START }, (_, i) => `soak-psa-${run}-${i}`);
  const bulk = await must<{ items: Array<{ id: number }> }>(recorder, 'setup: tickets bulk', `${account}/tickets/bulk`, {
    ...asProvider,
    method: 'POST',
    body: {
      items: psaTickets.map((externalId, i) => ({
        external_id: externalId,
        subject: `Soak ${i}: the branch printer drops off the network`,
        description: 'Opened by phone; the soak benchmark keeps it busy.',
        status: 'In Progress',
        priority: i % 4 === 0 ? 'high' : 'medium',
        // The first has a long history (decision 0027: the detail shows the newest 50, the rest is paged).
        entries: Array.from({ length: i === 0 ? LONG_CONVERSATION : 1 }, (_, e) => ({
          external_id: `${externalId}-${e + 1}`,
          author_name: e % 2 ? 'Soak Customer 1' : 'Jordan Reyes',
          author_email: e % 2 ? people[0]!.email : 'jordan.reyes@itpartners.example',
          content: `<p>Entry ${e + 1}: checked the switch port; looking at the printer next.</p>`,
        })),
      })),
    },
  });
  const listed = await must<{ tickets: Array<{ id: number }> }>(recorder, 'setup: tickets', `${base}/api/crm/nable-tickets?limit=100&status=active`, {
    token: first,
  });
  const ticketIds = [...new Set([...listed.tickets.map((t) => t.id), ...bulk.items.map((t) => t.id)])];

  const services = await must<Array<{ service_id: number; name: string }>>(recorder, 'setup: licensable services', `${base}/api/crm/licenses/services`, {
    token: first,
  });
  const licenseService = services.find((s) => s.name === SOAK_SERVICE);
  if (!licenseService) throw new Error(`the service "${SOAK_SERVICE}" is not offered as licenses: ${JSON.stringify(services)}`);

  const apps = await must<Array<{ id: string; launch: string }>>(recorder, 'setup: apps', `${base}/api/portal/apps`, { token: first });
  const tokenApps = apps.filter((app) => app.launch === 'token').map((app) => app.id);

  const tools = await must<Array<{ id: number; platforms: string[]; one_time_use: boolean }>>(
    recorder,
    'setup: support tools',
    `${base}/api/crm/support-tools`,
    { token: first },
  );
  const tool = tools.find((t) => !t.one_time_use && t.platforms.length > 0);

  const endpoint = await must<{ id: number; secret: string }>(recorder, 'setup: webhook endpoint', `${providerBase}/webhook-endpoints`, {
    ...asProvider,
    method: 'POST',
    body: { url: receiverUrl, events: [...WEBHOOK_EVENT_TYPES], description: 'Soak benchmark receiver' },
  });

  return {
    secret: endpoint.secret,
    world: {
      base,
      provider: { key, base: providerBase },
      billingId,
      customers,
      ticketIds,
      longTicketId: bulk.items[0]!.id,
      psaTickets,
      licenseServiceId: licenseService.service_id,
      tokenApps,
      supportTool: tool ? { id: tool.id, os: tool.platforms[0]! } : undefined,
      webhookEndpointId: endpoint.id,
      run,
    },
  };
}
