/**
 * A virtual customer: an administrator with billing of Acme (the demo account, whose balance the
 * card payments pay down by a few cents at a time) using every screen of the portal, one action at
 * a time. The mix is a portal's day: mostly reading, a fifth writing. Each action that the portal
 * reports to the provider (decision 0026) adds one to the webhook events expected.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookEventType } from '@portal/contract';
import { call, type Answer } from './http.js';
import type { Recorder } from './recorder.js';
import type { Session, VirtualCustomer, World } from './setup.js';

export type Expected = Map<WebhookEventType, number>;

/** What the card payments that succeeded took off the balance, in cents. */
export const paid = { cents: 0, count: 0 };

function countPaid(answer: Answer, amountUsd: number): void {
  if (!answer.ok) return;
  paid.cents += Math.round(amountUsd * 100);
  paid.count += 1;
}

export interface Context {
  world: World;
  me: VirtualCustomer;
  recorder: Recorder;
  expected: Expected;
}

type Action = (c: Context) => Promise<void>;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const SEARCHES = ['printer', 'vpn', 'email', 'backup', 'password', 'phone', 'network', 'laptop'];
const SORTS = ['newest', 'updated', 'priority', 'oldest'];
const TIME_ZONES = ['US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific'];
const year = new Date().getUTCFullYear() + 3;

function expect(c: Context, answer: Answer, type: WebhookEventType): void {
  if (answer.ok) c.expected.set(type, (c.expected.get(type) ?? 0) + 1);
}

/** A GET as the signed-in customer. */
const read =
  (name: string, path: (c: Context) => string): Action =>
  async (c) => {
    await call(c.recorder, name, `${c.world.base}/api${path(c)}`, { token: c.me.session.access });
  };

function send<T = unknown>(c: Context, name: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer<T>> {
  return call<T>(c.recorder, name, `${c.world.base}/api${path}`, { method, token: c.me.session.access, body, headers });
}

async function signInAgain(c: Context): Promise<void> {
  // Signing out ends the session on the server; the next sign-in is a new one (argon2 verify, a session row).
  await call(c.recorder, 'POST sign-out', `${c.world.base}/api/crm/auth/logout`, { method: 'POST', body: { refresh_token: c.me.session.refresh } });
  const answer = await call<{ access_token: string; refresh_token: string }>(c.recorder, 'POST sign-in', `${c.world.base}/api/crm/auth/login`, {
    method: 'POST',
    body: { username: c.me.email, password: c.me.password },
  });
  if (answer.ok) c.me.session = { access: answer.result.access_token, refresh: answer.result.refresh_token, at: Date.now() };
}

async function refresh(c: Context): Promise<void> {
  const answer = await call<{ access_token: string; refresh_token: string }>(c.recorder, 'GET refresh', `${c.world.base}/api/crm/auth/refresh`, {
    token: c.me.session.refresh,
  });
  if (answer.ok) c.me.session = { access: answer.result.access_token, refresh: answer.result.refresh_token, at: Date.now() } satisfies Session;
}

async function ticketDetail(c: Context): Promise<void> {
  // One in ten opens the ticket with the long history, as a busy ticket is opened again and again.
  const id = Math.random() < 0.1 ? c.world.longTicketId : pick(c.world.ticketIds);
  const answer = await send<{ conversation: Array<{ id: number }>; conversation_has_more: boolean }>(c, 'GET ticket detail', 'GET', `/crm/nable-tickets/${id}`);
  // The older entries, as the screen fetches them when the reader scrolls back (decision 0027).
  if (answer.ok && answer.result.conversation_has_more && Math.random() < 0.5) {
    const oldest = answer.result.conversation.at(-1)?.id;
    if (oldest) await send(c, 'GET ticket conversation (older)', 'GET', `/crm/nable-tickets/${id}/conversation?before=${oldest}`);
  }
}

async function reply(c: Context): Promise<void> {
  const answer = await send(c, 'POST ticket reply', 'POST', `/crm/nable-tickets/${pick(c.world.ticketIds)}`, {
    description: `<p>Still seeing it on the ${pick(['first', 'second', 'third'])} floor; ${randomUUID().slice(0, 8)}.</p>`,
  });
  expect(c, answer, 'ticket.reply');
}

async function newTicket(c: Context): Promise<void> {
  const answer = await send<{ id: number }>(c, 'POST new ticket', 'POST', '/crm/nable-tickets', {
    subject: `The ${pick(SEARCHES)} is not working (${randomUUID().slice(0, 6)})`,
    description: 'Noticed this morning; the soak benchmark opened it.',
    priority: pick(['low', 'medium', 'high']),
  });
  expect(c, answer, 'ticket.created');
  if (answer.ok) c.world.ticketIds.push(answer.result.id);
}

const amount = () => Math.floor(1 + Math.random() * 5) / 100;

async function payWithNewCard(c: Context): Promise<void> {
  const key = `soak-${randomUUID()}`;
  const body = {
    payment: {
      amount: amount(),
      cc_first_name: c.me.firstname,
      cc_last_name: c.me.lastname,
      cc_num: '4242 4242 4242 4242',
      cc_exp_month: '12',
      cc_exp_year: String(year),
      cc_type: 'visa',
    },
  };
  const path = `/billing/account/${c.world.billingId}/payments/creditcard`;
  const answer = await send<{ payment: { _id: string } }>(c, 'POST payment (new card)', 'POST', path, body, { 'idempotency-key': key });
  expect(c, answer, 'payment.succeeded');
  countPaid(answer, body.payment.amount);
  // A quarter of them are sent again with the same key (a double click, a retry after a timeout): charged once.
  if (answer.ok && Math.random() < 0.25) {
    const again = await send<{ payment: { _id: string } }>(c, 'POST payment (same key again)', 'POST', path, body, { 'idempotency-key': key });
    if (again.ok && again.result.payment._id !== answer.result.payment._id) {
      c.recorder.problem('idempotency check', 'charged twice', `key ${key}: ${answer.result.payment._id} then ${again.result.payment._id}`);
    }
  }
}

async function payWithStoredCard(c: Context): Promise<void> {
  const usd = amount();
  const answer = await send(
    c,
    'POST payment (stored card)',
    'POST',
    `/billing/account/${c.world.billingId}/payments/creditcard-onfile`,
    { amount: usd },
    { 'idempotency-key': `soak-${randomUUID()}` },
  );
  expect(c, answer, 'payment.succeeded');
  countPaid(answer, usd);
}

/** Gives this customer's own contact a seat of the soak's voice service, or takes it back. */
async function toggleLicense(c: Context): Promise<void> {
  const contact = `/crm/contacts/${c.me.contactId}/licenses`;
  if (c.me.licenseId === undefined) {
    const answer = await send<{ pk: number }>(c, 'POST license add', 'POST', contact, { service_id: c.world.licenseServiceId });
    if (answer.ok) c.me.licenseId = answer.result.pk;
  } else {
    const answer = await send(c, 'DELETE license remove', 'DELETE', `${contact}/${c.me.licenseId}`);
    if (answer.ok) c.me.licenseId = undefined;
  }
}

async function reveal(c: Context): Promise<void> {
  const answer = await send(c, 'POST credential reveal', 'POST', `/crm/credentials/${c.me.credentialId}/reveal`, { purpose: pick(['show', 'copy']) });
  expect(c, answer, 'credential.revealed');
}

async function changeProfile(c: Context): Promise<void> {
  const timeZone = pick(TIME_ZONES.filter((zone) => zone !== c.me.timeZone));
  const answer = await send(c, 'PATCH profile', 'PATCH', '/portal/my-profile', {
    firstname: c.me.firstname,
    lastname: c.me.lastname,
    email: c.me.email,
    timezone: timeZone,
  });
  expect(c, answer, 'profile.changed');
  if (answer.ok) c.me.timeZone = timeZone;
}

/** The agent built for the account (a zip), then the download recorded, as the Support tools tab does. */
async function downloadTool(c: Context): Promise<void> {
  const tool = c.world.supportTool;
  if (!tool) return;
  const built = await send(c, 'POST support tool build', 'POST', '/crm/support-tools/generate-link', { tool_id: tool.id, os_type: tool.os });
  if (!built.ok) return;
  const answer = await send(c, 'POST support tool download', 'POST', '/crm/support-tools/download', { tool_id: tool.id, download_token: 'direct-download' });
  expect(c, answer, 'support_tool.downloaded');
}

/** A statement as a PDF (drawn by pdfkit on each request), as the Billing tab's download does. */
async function statementPdf(c: Context): Promise<void> {
  const list = await send<Array<{ _id: string }>>(c, 'GET statements', 'GET', `/billing/account/${c.world.billingId}/statements`);
  if (list.ok && list.result.length > 0) await send(c, 'GET statement PDF', 'GET', `/crm/accounts/statements/${pick(list.result.slice(0, 6))._id}`);
}

/** An app tile launched with a single-use token, and the launched app redeeming it (decision: the app, not the browser). */
async function launchApp(c: Context): Promise<void> {
  const appId = c.world.tokenApps.length ? pick(c.world.tokenApps) : undefined;
  if (!appId) return;
  const launched = await send<{ url: string }>(c, 'POST app launch', 'POST', `/portal/apps/${encodeURIComponent(appId)}/launch`);
  const token = launched.ok ? new URL(launched.result.url).searchParams.get('token') : null;
  if (token)
    await call(c.recorder, 'POST app launch redeem (the app)', `${c.world.base}/api/portal/apps/${encodeURIComponent(appId)}/launch/redeem`, {
      method: 'POST',
      body: { token },
    });
}

/** The mix, with weights (shares of the actions; they need not add to 100). */
const ACTIONS: Array<[number, Action]> = [
  [13, read('GET ticket list', () => `/crm/nable-tickets?limit=25&status=${pick(['active', 'active', ''])}&sort=${pick(SORTS)}`)],
  [9, read('GET ticket search', () => `/crm/nable-tickets?limit=25&status=&search=${pick(SEARCHES)}`)],
  [12, ticketDetail],
  [7, reply],
  [1, newTicket],
  [7, read('GET dashboard', () => '/portal/dashboard')],
  [3, read('GET me', () => '/crm/auth/me')],
  [3, read('GET services', () => '/crm/services')],
  [2, read('GET apps', () => '/portal/apps')],
  [1, launchApp],
  [4, read('GET billing account', (c) => `/billing/account/${c.world.billingId}`)],
  [2, read('GET payments', (c) => `/billing/account/${c.world.billingId}/payments`)],
  [2, read('GET statements', (c) => `/billing/account/${c.world.billingId}/statements`)],
  [0.5, statementPdf],
  [1, read('GET orders', () => '/crm/orders')],
  [4, payWithNewCard],
  [1.5, payWithStoredCard],
  [2, read('GET users', () => `/crm/contacts?limit=25&offset=0${Math.random() < 0.3 ? `&search=${pick(['soak', 'acme', 'a'])}` : ''}`)],
  [1, read('GET users stats', () => '/crm/contacts/stats')],
  [1, read('GET licensable services', () => '/crm/licenses/services')],
  [1, read('GET contact licenses', (c) => `/crm/contacts/${c.me.contactId}/licenses`)],
  [3, toggleLicense],
  [2, read('GET credentials', () => '/crm/credentials')],
  [4, reveal],
  [2, read('GET assets page', () => `/crm/assets?limit=24&offset=${24 * Math.floor(Math.random() * 3)}`)],
  [1, read('GET assets stats', () => '/crm/assets/stats')],
  [1, read('GET vendors', () => '/crm/vendors')],
  [1, read('GET support tools', () => '/crm/support-tools')],
  [1, read('GET download history', () => '/crm/support-tools/download-history')],
  [0.5, downloadTool],
  [1, changeProfile],
  [2, refresh],
  [1, signInAgain],
];
const TOTAL_WEIGHT = ACTIONS.reduce((sum, [weight]) => sum + weight, 0);

export function chooseAction(): Action {
  let roll = Math.random() * TOTAL_WEIGHT;
  for (const [weight, action] of ACTIONS) if ((roll -= weight) < 0) return action;
  return ACTIONS[0]![1];
}

/** Share of the actions that are card payments, and their largest amount: for the balance check. */
export const PAYMENT_SHARE = (4 * 1.25 + 1.5) / TOTAL_WEIGHT;
export const LARGEST_PAYMENT = 0.05;

export async function act(context: Context): Promise<void> {
  // The web app refreshes before the 15-minute access token ends; so does a virtual customer.
  if (Date.now() - context.me.session.at > 12 * 60_000) await refresh(context);
  await chooseAction()(context);
}
