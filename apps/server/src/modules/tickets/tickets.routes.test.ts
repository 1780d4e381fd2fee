import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationPage, errorEnvelope, successEnvelope, ticket, ticketList, TICKET_RESPONSE_MAX_LENGTH, type TicketList } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createTicket, createTicketEntry } from '../../../test/factories.js';
import { ticketEntries, tickets } from '../../db/schema/index.js';
import { CLOSED_TICKET_TAKES_NO_REPLIES, NOTHING_LEFT_AFTER_SANITIZING, TICKET_NOT_FOUND } from './tickets.service.js';

let test: TestApp;
let accountId: number;
let otherAccountId: number;
const tokens: Record<'admin' | 'tess' | 'uma' | 'otto' | 'rival', string> = { admin: '', tess: '', uma: '', otto: '', rival: '' };
let umaId: number;
let umaEmail: string;
let rivalTicketId: number;
let umaTicketId: number;
let unassignedTicketId: number;

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

beforeAll(async () => {
  test = await buildTestApp();
  const db = test.database.db;
  accountId = (await createAccount(db, { name: 'Ticket Test Co' })).id;
  otherAccountId = (await createAccount(db, { name: 'Rival Co' })).id;
  const admin = await createContact(db, { accountId, adminGroup: true, firstname: 'Alice', lastname: 'Admin' });
  const uma = await createContact(db, { accountId, firstname: 'Uma', lastname: 'User' });
  // Billing access widens nothing here; technical access does (decision 0031).
  const otto = await createContact(db, { accountId, firstname: 'Otto', lastname: 'Other', billingGroup: true });
  const tess = await createContact(db, { accountId, firstname: 'Tess', lastname: 'Tech', technicalGroup: true });
  const rival = await createContact(db, { accountId: otherAccountId, adminGroup: true });
  umaId = uma.id;
  umaEmail = uma.email;

  umaTicketId = (
    await createTicket(db, {
      accountId,
      ticketNumber: 'TKT-104233',
      subject: 'Label printer offline at Dock 2',
      description: 'The Zebra printer stopped printing shipping labels.',
      status: 'In Progress',
      priority: 'high',
      assignedContactId: uma.id,
      createdAt: hoursAgo(10),
      lastModifiedAt: hoursAgo(1),
    })
  ).id;
  await createTicket(db, {
    accountId,
    ticketNumber: 'TKT-104234',
    subject: 'Outlook password prompt',
    description: 'Outlook keeps asking for my password.',
    status: 'New',
    priority: 'medium',
    assignedContactId: uma.id,
    createdAt: hoursAgo(5),
    lastModifiedAt: hoursAgo(4),
  });
  await createTicket(db, {
    accountId,
    ticketNumber: 'TKT-104235',
    subject: 'Old invoice question',
    description: 'Why was March billed twice?',
    status: 'Billed',
    priority: 'low',
    assignedContactId: uma.id,
    createdAt: hoursAgo(300),
    lastModifiedAt: hoursAgo(200),
  });
  unassignedTicketId = (
    await createTicket(db, {
      accountId,
      ticketNumber: 'TKT-104236',
      subject: 'Firewall firmware update',
      description: 'Please schedule the firmware update.',
      status: 'On Hold',
      priority: 'urgent',
      createdAt: hoursAgo(50),
      lastModifiedAt: hoursAgo(0.5),
    })
  ).id;
  await createTicket(db, {
    accountId,
    ticketNumber: 'TKT-104237',
    subject: 'VPN for new hire',
    description: 'Kevin needs VPN access.',
    status: 'Accepted',
    priority: 'urgent',
    assignedContactId: otto.id,
    createdAt: hoursAgo(20),
    lastModifiedAt: hoursAgo(19),
  });
  await createTicket(db, {
    accountId,
    ticketNumber: 'TKT-104238',
    subject: 'Cancelled request',
    description: 'Never mind.',
    status: 'Cancelled',
    priority: 'medium',
    createdAt: hoursAgo(400),
    lastModifiedAt: hoursAgo(390),
  });
  await createTicket(db, {
    accountId,
    ticketNumber: 'TKT-104239',
    subject: 'Reviewed fix',
    description: 'Done and reviewed.',
    status: 'Reviewed',
    priority: 'high',
    createdAt: hoursAgo(150),
    lastModifiedAt: hoursAgo(140),
  });
  await createTicket(db, {
    accountId,
    ticketNumber: 'TKT-104240',
    subject: 'Complete task',
    description: 'Printer toner replaced.',
    status: 'Complete',
    priority: 'low',
    createdAt: hoursAgo(100),
    lastModifiedAt: hoursAgo(90),
  });
  await createTicket(db, {
    accountId,
    ticketNumber: 'TKT-104241',
    subject: 'Assigned task',
    description: 'Switch port flapping.',
    status: 'Assigned',
    priority: 'medium',
    createdAt: hoursAgo(2),
    lastModifiedAt: hoursAgo(2),
  });
  rivalTicketId = (
    await createTicket(db, {
      accountId: otherAccountId,
      ticketNumber: 'TKT-104233',
      subject: 'Label printer at rival',
      description: 'Rival printer.',
      status: 'New',
      createdAt: hoursAgo(1),
    })
  ).id;

  await createTicketEntry(db, { accountId, ticketId: umaTicketId, content: '<p>First reply</p>', createdAt: hoursAgo(9) });
  await createTicketEntry(db, {
    accountId,
    ticketId: umaTicketId,
    content: 'Second, plain text with a < b',
    createdBy: 'Uma User',
    fromAddress: uma.email,
    createdAt: hoursAgo(8),
  });
  await createTicketEntry(db, { accountId, ticketId: umaTicketId, content: 'Internal note', isInternal: true, createdAt: hoursAgo(7) });

  for (const [key, contact] of [
    ['admin', admin],
    ['tess', tess],
    ['uma', uma],
    ['otto', otto],
    ['rival', rival],
  ] as const)
    tokens[key] = (await signIn(test.app, contact.email)).access_token;
});
afterAll(() => test.close());

async function list(who: keyof typeof tokens, query: Record<string, string> = {}): Promise<TicketList> {
  const response = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', query, headers: bearer(tokens[who]) });
  expect(response.statusCode, response.body).toBe(200);
  return successEnvelope(ticketList).parse(response.json()).result;
}
const numbers = (result: TicketList) => result.tickets.map((t) => t.ticket_number);
const detail = (who: keyof typeof tokens, id: number | string) =>
  test.app.inject({ method: 'GET', url: `/api/crm/nable-tickets/${id}`, headers: bearer(tokens[who]) });
const respond = (who: keyof typeof tokens, id: number, payload: unknown) =>
  test.app.inject({ method: 'POST', url: `/api/crm/nable-tickets/${id}`, payload: payload as object, headers: bearer(tokens[who]) });

describe('who sees which tickets', () => {
  it('shows an administrator every ticket of the account, in the admin view', async () => {
    const result = await list('admin', { status: '' });
    expect(result.is_admin_view).toBe(true);
    expect(result.tickets_scope).toBe('account');
    expect(result.total_count).toBe(9);
    expect(numbers(result)).not.toContain('TKT-T');
    expect(result.tickets.every((t) => t.id !== rivalTicketId)).toBe(true);
  });

  it('shows a technical contact every ticket of the account too, without the admin view (decision 0031)', async () => {
    const result = await list('tess', { status: '' });
    expect(result.is_admin_view).toBe(false);
    expect(result.tickets_scope).toBe('account');
    expect(result.total_count).toBe(9);
    expect(numbers(result).sort()).toEqual(numbers(await list('admin', { status: '' })).sort());
    // The default (open tickets) and a search follow the same scope.
    expect(numbers(await list('tess'))).toEqual(numbers(await list('admin')));
    expect(numbers(await list('tess', { status: '', search: 'printer' }))).toEqual(numbers(await list('admin', { status: '', search: 'printer' })));
    // She opens and answers a ticket assigned to someone else, and still nothing of another account.
    expect((await detail('tess', umaTicketId)).statusCode).toBe(200);
    expect((await detail('tess', rivalTicketId)).statusCode).toBe(404);
    expect((await respond('tess', unassignedTicketId, { description: 'I will update the firewall tonight.' })).statusCode).toBe(200);
  });

  it('shows any other user only the tickets assigned to them', async () => {
    const result = await list('uma', { status: '' });
    expect(result.is_admin_view).toBe(false);
    expect(result.tickets_scope).toBe('assigned');
    expect(numbers(result).sort()).toEqual(['TKT-104233', 'TKT-104234', 'TKT-104235']);
    expect(result.total_count).toBe(3);
    expect(numbers(await list('otto', { status: '' }))).toEqual(['TKT-104237']);
  });

  it('answers 404 for a ticket of another account or not assigned to the caller, and for no ticket at all', async () => {
    for (const [who, id] of [
      ['rival', umaTicketId],
      ['admin', rivalTicketId],
      ['otto', umaTicketId],
      ['uma', unassignedTicketId],
      ['uma', 2_000_000_000],
    ] as const) {
      const response = await detail(who, id);
      expect(response.statusCode).toBe(404);
      expect(errorEnvelope.parse(response.json()).message).toBe(TICKET_NOT_FOUND);
    }
    // An id beyond every id a record can have is refused by the pipeline, for every endpoint alike.
    expect((await detail('uma', '99999999999')).statusCode).toBe(404);
    expect((await respond('otto', umaTicketId, { description: 'sneaky' })).statusCode).toBe(404);
    expect((await respond('rival', umaTicketId, { description: 'sneaky' })).statusCode).toBe(404);
    expect((await list('rival', { status: '' })).tickets.map((t) => t.subject)).toEqual(['Label printer at rival']);
  });

  it('lets the administrator and the assignee open the ticket', async () => {
    expect((await detail('admin', umaTicketId)).statusCode).toBe(200);
    expect((await detail('uma', umaTicketId)).statusCode).toBe(200);
  });

  it('refuses callers who are not signed in', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets' });
    expect(response.statusCode).toBe(401);
  });
});

describe('filters, sorting and paging', () => {
  it("defaults to the 'active' filter (New, Assigned, Accepted, In Progress), newest first", async () => {
    const result = await list('admin');
    expect(numbers(result)).toEqual(['TKT-104241', 'TKT-104234', 'TKT-104233', 'TKT-104237']);
    expect(result.total_count).toBe(4);
  });

  it("'closed' covers Complete, Reviewed, Billed and Cancelled", async () => {
    const result = await list('admin', { status: 'closed' });
    expect(result.tickets.map((t) => t.status).sort()).toEqual(['Billed', 'Cancelled', 'Complete', 'Reviewed']);
  });

  it.each([
    ['New', ['TKT-104234']],
    ['Assigned', ['TKT-104241']],
    ['Accepted', ['TKT-104237']],
    ['In Progress', ['TKT-104233']],
    ['On Hold', ['TKT-104236']],
    ['Complete', ['TKT-104240']],
    ['Cancelled', ['TKT-104238']],
  ])('filters by the single status %s', async (status, expected) => {
    const result = await list('admin', { status });
    expect(numbers(result)).toEqual(expected);
    expect(result.total_count).toBe(expected.length);
  });

  it('refuses an unknown status or sort, naming the field', async () => {
    const queries: Record<string, string>[] = [
      { status: 'Open' },
      { sort: 'random' },
      { limit: '101' },
      { offset: '-1' },
      { offset: '1.5' },
      { offset: 'two' },
      { offset: '1000001' },
    ];
    for (const query of queries) {
      const response = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', query, headers: bearer(tokens.admin) });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(errorEnvelope.parse(response.json()).fields ?? {})).toEqual(Object.keys(query));
    }
  });

  it('sorts newest, oldest, by last update and by priority', async () => {
    expect(numbers(await list('admin', { status: '', sort: 'newest' }))).toEqual([
      'TKT-104241',
      'TKT-104234',
      'TKT-104233',
      'TKT-104237',
      'TKT-104236',
      'TKT-104240',
      'TKT-104239',
      'TKT-104235',
      'TKT-104238',
    ]);
    expect(numbers(await list('admin', { status: '', sort: 'oldest' }))).toEqual([
      'TKT-104238',
      'TKT-104235',
      'TKT-104239',
      'TKT-104240',
      'TKT-104236',
      'TKT-104237',
      'TKT-104233',
      'TKT-104234',
      'TKT-104241',
    ]);
    expect(numbers(await list('admin', { status: '', sort: 'updated' }))).toEqual([
      'TKT-104236',
      'TKT-104233',
      'TKT-104241',
      'TKT-104234',
      'TKT-104237',
      'TKT-104240',
      'TKT-104239',
      'TKT-104235',
      'TKT-104238',
    ]);
    // urgent, high, medium, low; newest first within a priority
    expect(numbers(await list('admin', { status: '', sort: 'priority' }))).toEqual([
      'TKT-104237',
      'TKT-104236',
      'TKT-104233',
      'TKT-104239',
      'TKT-104241',
      'TKT-104234',
      'TKT-104238',
      'TKT-104240',
      'TKT-104235',
    ]);
  });

  it('returns at most `limit` tickets while total_count counts them all', async () => {
    const result = await list('admin', { status: '', limit: '2' });
    expect(result.tickets).toHaveLength(2);
    expect(result.total_count).toBe(9);
  });

  it('pages with `offset` in every sort, the total always counting all matches (docs/decisions/0019)', async () => {
    const all = numbers(await list('admin', { status: '', sort: 'priority' }));
    const pages: string[] = [];
    for (let offset = 0; offset < 9; offset += 4) {
      const page = await list('admin', { status: '', sort: 'priority', limit: '4', offset: String(offset) });
      expect(page.total_count).toBe(9);
      pages.push(...numbers(page));
    }
    expect(pages).toEqual(all);
    // Without offset the request is the spec's own (limit 100) and starts at the first ticket.
    expect(numbers(await list('admin', { status: '', sort: 'priority', offset: '0' }))).toEqual(all);
  });

  it.each(['newest', 'oldest', 'updated', 'priority'])('orders and pages a search sorted by %s as the list without one', async (sort) => {
    // '1042' is part of every ticket number here, so the search matches all nine.
    const unsearched = numbers(await list('admin', { status: '', sort }));
    expect(numbers(await list('admin', { status: '', sort, search: '1042' }))).toEqual(unsearched);
    const pages: string[] = [];
    for (let offset = 0; offset < 9; offset += 4) {
      const page = await list('admin', { status: '', sort, search: '1042', limit: '4', offset: String(offset) });
      expect(page.total_count).toBe(9);
      pages.push(...numbers(page));
    }
    expect(pages).toEqual(unsearched);
  });

  it('pages a search, and counts a page past the end with or without one', async () => {
    const printers = await list('admin', { status: '', search: 'print', limit: '1', offset: '1' });
    expect(printers.tickets).toHaveLength(1);
    expect(printers.total_count).toBe(2);
    const beyondTheEnd: [Record<string, string>, number][] = [
      [{ status: '', offset: '50' }, 9],
      [{ status: '', search: 'print', offset: '5' }, 2],
      [{ status: 'closed', offset: '4' }, 4],
    ];
    for (const [query, total] of beyondTheEnd) {
      const beyond = await list('admin', query);
      expect(beyond.tickets).toEqual([]);
      expect(beyond.total_count).toBe(total);
    }
    expect((await list('admin', { status: '', search: 'kangaroo', offset: '10' })).total_count).toBe(0);
  });

  it('pages only within the caller’s own tickets', async () => {
    const page = await list('uma', { status: '', limit: '2', offset: '2' });
    expect(page.total_count).toBe(3);
    expect(numbers(page)).toEqual(['TKT-104235']);
  });
});

describe('search', () => {
  it.each([
    ['a subject word', 'label', ['TKT-104233']],
    ['a word of the description', 'zebra', ['TKT-104233']],
    ['word beginnings, in any case', 'PRINT', ['TKT-104233', 'TKT-104240']],
    ['every word must match', 'printer dock', ['TKT-104233']],
    ['a whole ticket number', 'TKT-104233', ['TKT-104233']],
    ['the digits of a number', '104236', ['TKT-104236']],
    ['part of a number', '4239', ['TKT-104239']],
    ['nothing that matches', 'kangaroo', []],
    ['only punctuation', "'&|!", []],
  ])('finds tickets by %s', async (_, search, expected) => {
    const result = await list('admin', { status: '', search });
    expect(numbers(result).sort()).toEqual(expected);
    expect(result.total_count).toBe(expected.length);
  });

  it('combines with the scope and the status filter', async () => {
    expect(numbers(await list('uma', { status: '', search: 'printer' }))).toEqual(['TKT-104233']);
    expect(numbers(await list('admin', { status: 'closed', search: 'printer' }))).toEqual(['TKT-104240']);
    expect(numbers(await list('rival', { status: '', search: 'printer' }))).toEqual(['TKT-104233']);
    expect((await list('rival', { status: '', search: 'printer' })).tickets[0]!.subject).toBe('Label printer at rival');
  });

  it('treats a search that is only spaces as no search', async () => {
    expect((await list('admin', { status: '', search: '   ' })).total_count).toBe(9);
  });
});

describe('the ticket and its conversation', () => {
  it('returns every field with the conversation newest first, internal notes marked', async () => {
    const response = await detail('uma', umaTicketId);
    const result = successEnvelope(ticket).parse(response.json()).result;
    expect(result).toMatchObject({
      id: umaTicketId,
      ticket_number: 'TKT-104233',
      status: 'In Progress',
      priority: 'high',
      due_date: null,
      is_billable: false,
      time_rounded: 0,
    });
    expect(result.conversation.map((e) => e.content)).toEqual(['Internal note', '<p>Second, plain text with a &lt; b</p>', '<p>First reply</p>']);
    expect(result.conversation.map((e) => e.is_internal)).toEqual([true, false, false]);
  });
});

describe('responses', () => {
  it('adds the trimmed text on top, attributed to the user as a portal entry, and moves the last-modified time', async () => {
    const before = successEnvelope(ticket).parse((await detail('uma', umaTicketId)).json()).result;
    const response = await respond('uma', umaTicketId, { description: '   Still broken after the restart.  \n' });
    expect(response.statusCode).toBe(200);
    const after = successEnvelope(ticket).parse(response.json()).result;
    expect(after.conversation).toHaveLength(before.conversation.length + 1);
    expect(after.conversation[0]).toMatchObject({
      content: 'Still broken after the restart.',
      created_by: 'Uma User (Customer Portal)',
      from_address: umaEmail,
      is_internal: false,
    });
    expect(new Date(after.last_modified_date).getTime()).toBeGreaterThan(new Date(before.last_modified_date).getTime());
    // The list's 'updated' sort sees it at once.
    expect(numbers(await list('uma', { status: '', sort: 'updated' }))[0]).toBe('TKT-104233');
  });

  it('lets an administrator respond to any ticket of the account', async () => {
    const response = await respond('admin', unassignedTicketId, { description: 'Tuesday night works.' });
    expect(successEnvelope(ticket).parse(response.json()).result.conversation[0]!.created_by).toBe('Alice Admin (Customer Portal)');
  });

  it.each([
    ['missing', {}, 'description is required'],
    ['empty', { description: '' }, 'Response cannot be empty'],
    ['only spaces', { description: ' \n\t ' }, 'Response cannot be empty'],
    ['too long', { description: 'x'.repeat(TICKET_RESPONSE_MAX_LENGTH + 1) }, `Response must be at most ${TICKET_RESPONSE_MAX_LENGTH} characters`],
    ['not text', { description: 42 }, expect.any(String)],
  ])('refuses a response that is %s', async (_, payload, message) => {
    const response = await respond('uma', umaTicketId, payload);
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json()).fields).toEqual({ description: message });
  });

  it.each(['Complete', 'Reviewed', 'Billed', 'Cancelled'])(
    'refuses a reply to a %s (closed) ticket with 409 and stores nothing (docs/decisions/0018)',
    async (status) => {
      const closed = (await list('admin', { status: 'closed' })).tickets.find((t) => t.status === status)!;
      const before = successEnvelope(ticket).parse((await detail('admin', closed.id)).json()).result;
      const response = await respond('admin', closed.id, { description: 'Is this fixed for good?' });
      expect(response.statusCode).toBe(409);
      expect(errorEnvelope.parse(response.json()).message).toBe(CLOSED_TICKET_TAKES_NO_REPLIES);
      const after = successEnvelope(ticket).parse((await detail('admin', closed.id)).json()).result;
      expect(after.conversation).toHaveLength(before.conversation.length);
      expect(after.status).toBe(status);
      expect(after.last_modified_date).toBe(before.last_modified_date);
    },
  );

  it('still accepts replies to open and on-hold tickets', async () => {
    expect((await respond('admin', unassignedTicketId, { description: 'Any news on the firmware?' })).statusCode).toBe(200);
  });

  it('answers 404, not 409, for a closed ticket the caller may not see', async () => {
    const billed = (await list('uma', { status: 'closed' })).tickets[0]!;
    expect((await respond('otto', billed.id, { description: 'x' })).statusCode).toBe(404);
  });

  it('accepts a response of exactly the maximum length', async () => {
    expect((await respond('uma', umaTicketId, { description: 'y'.repeat(TICKET_RESPONSE_MAX_LENGTH) })).statusCode).toBe(200);
  });
});

describe('sanitizing HTML', () => {
  it('stores a response with only the allowed HTML, and keeps plain text as it was', async () => {
    const dirty =
      '<p onclick="steal()">Hello <b>team</b><script>alert(1)</script><img src=x onerror=alert(1)> <a href="javascript:alert(1)">x</a> <a href="https://kb.example/a">kb</a></p><iframe src="https://evil.example"></iframe><form action="/x"><input name="a"></form><a href="data:text/html;base64,PHNjcmlwdD4=">d</a>';
    const result = successEnvelope(ticket).parse((await respond('uma', umaTicketId, { description: dirty })).json()).result;
    const stored = result.conversation[0]!.content;
    expect(stored).toBe('<p>Hello <b>team</b> <a>x</a> <a href="https://kb.example/a" target="_blank" rel="noopener noreferrer nofollow">kb</a></p><a>d</a>');
    const [row] = await test.database.db.select().from(ticketEntries).where(eq(ticketEntries.id, result.conversation[0]!.id));
    expect(row!.content).toBe(stored);

    const plain = 'Plain text & "quotes" stay: 5 > 3';
    expect(successEnvelope(ticket).parse((await respond('uma', umaTicketId, { description: plain })).json()).result.conversation[0]!.content).toBe(plain);
  });

  it('refuses a response with nothing left once the unsafe HTML is removed', async () => {
    const response = await respond('uma', umaTicketId, { description: "<script>alert('XSS')</script>" });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json()).message).toBe(NOTHING_LEFT_AFTER_SANITIZING);
  });

  it('sanitizes HTML already in the database before returning it', async () => {
    const db = test.database.db;
    const raw = await createTicket(db, {
      accountId,
      subject: 'Imported',
      description: '<p>Imported <img src=x onerror="alert(1)">text</p>',
      assignedContactId: umaId,
      status: 'New',
    });
    await createTicketEntry(db, {
      accountId,
      ticketId: raw.id,
      content: '<div style="x" onmouseover="alert(1)">Hi<svg onload=alert(1)></svg><a href="jAvAsCrIpT:alert(1)">x</a></div>',
    });
    const result = successEnvelope(ticket).parse((await detail('uma', raw.id)).json()).result;
    expect(result.description).toBe('<p>Imported text</p>');
    expect(result.conversation[0]!.content).toBe('<div>Hi<a>x</a></div>');
    const listed = (await list('uma', { search: 'imported' })).tickets[0]!;
    expect(listed.description).toBe('<p>Imported text</p>');
  });
});

describe('opening a new ticket', () => {
  it('assigns it to the caller, numbers it and puts it at the top of their list', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/nable-tickets',
      payload: { subject: '  Monitor flickers  ', description: 'The left monitor flickers <b>every</b> minute.<script>x()</script>', priority: 'low' },
      headers: bearer(tokens.otto),
    });
    expect(response.statusCode).toBe(201);
    const created = successEnvelope(ticket).parse(response.json()).result;
    expect(created).toMatchObject({
      subject: 'Monitor flickers',
      status: 'New',
      priority: 'low',
      description: 'The left monitor flickers <b>every</b> minute.',
      conversation: [],
    });
    expect(created.ticket_number).toMatch(/^TKT-\d+$/);
    const [row] = await test.database.db.select().from(tickets).where(eq(tickets.id, created.id));
    expect(row!.assignedContactId).not.toBeNull();
    expect(numbers(await list('otto'))[0]).toBe(created.ticket_number);
    expect(numbers(await list('admin'))[0]).toBe(created.ticket_number);

    const second = successEnvelope(ticket).parse(
      (
        await test.app.inject({
          method: 'POST',
          url: '/api/crm/nable-tickets',
          payload: { subject: 'Another', description: 'More' },
          headers: bearer(tokens.otto),
        })
      ).json(),
    ).result;
    expect(second.priority).toBe('medium');
    expect(Number(second.ticket_number.slice(4))).toBe(Number(created.ticket_number.slice(4)) + 1);
  });

  it('validates subject, description and priority', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/nable-tickets',
      payload: { subject: ' ', description: '', priority: 'whenever' },
      headers: bearer(tokens.otto),
    });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json()).fields).toEqual({
      subject: 'Subject is required',
      description: 'Description is required',
      priority: 'Priority must be urgent, high, medium or low',
    });
  });
});

describe('long lists and long conversations (docs/decisions/0027)', () => {
  let bigAccountId: number;
  let bigAdmin: string;
  let longTicketId: number;
  let otherTicketEntryId: number;

  beforeAll(async () => {
    const db = test.database.db;
    bigAccountId = (await createAccount(db, { name: 'Many Tickets Co' })).id;
    const admin = await createContact(db, { accountId: bigAccountId, adminGroup: true });
    bigAdmin = (await signIn(test.app, admin.email)).access_token;
    // 10,050 tickets, one in ten about a widget (1,005), newest last; all closed but the first 20.
    await db.execute(sql`
      INSERT INTO tickets (account_id, ticket_number, subject, description, status, created_at, last_modified_at)
      SELECT ${bigAccountId}, 'TKT-' || (500000 + n), CASE WHEN n % 10 = 0 THEN 'Widget jammed ' || n ELSE 'Routine request ' || n END, 'Generated.',
             CASE WHEN n <= 20 THEN 'New' ELSE 'Complete' END, now() - make_interval(secs => 20000 - n), now()
      FROM generate_series(1, 10050) n`);
    longTicketId = (
      await createTicket(db, {
        accountId: bigAccountId,
        ticketNumber: 'TKT-900001',
        subject: 'A long conversation',
        description: 'Many replies.',
        status: 'In Progress',
      })
    ).id;
    // 120 entries, one a minute; two share a time so the id breaks the tie.
    await db.execute(sql`
      INSERT INTO ticket_entries (ticket_id, account_id, created_by, from_address, content, created_at, updated_at)
      SELECT ${longTicketId}, ${bigAccountId}, 'Jordan Reyes', 'jordan.reyes@itpartners.example', 'Reply ' || n,
             now() - make_interval(mins => 200 - LEAST(n, 119)), now()
      FROM generate_series(1, 120) n`);
    const other = await createTicket(db, { accountId: bigAccountId, ticketNumber: 'TKT-900002', subject: 'Another', description: 'x', status: 'New' });
    // Word statistics for the planner's estimate of a common word (docs/decisions/0027).
    await db.execute(sql`ANALYZE tickets`);
    otherTicketEntryId = (await createTicketEntry(db, { accountId: bigAccountId, ticketId: other.id, content: 'Elsewhere' })).id;
  });

  const bigList = async (query: Record<string, string>) => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', query, headers: bearer(bigAdmin) });
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(ticketList).parse(response.json()).result;
  };

  it('counts up to 10,000 without a search and says the count is capped', async () => {
    const all = await bigList({ status: '' });
    expect(all).toMatchObject({ total_count: 10_000, total_count_capped: true });
    expect(all.tickets).toHaveLength(100);
    const active = await bigList({});
    expect(active).toMatchObject({ total_count: 22, total_count_capped: false }); // 20 generated, the long one and 'Another'
  });

  it('counts a search up to 1,000 beyond the page, with the newest matches first even when capped', async () => {
    const first = await bigList({ status: '', search: 'widget' });
    expect(first).toMatchObject({ total_count: 1_000, total_count_capped: true });
    expect(first.tickets).toHaveLength(100);
    expect(first.tickets.every((t) => t.subject.startsWith('Widget jammed'))).toBe(true);
    // The newest widget ticket is n = 10,050, then 10,040, …
    expect(first.tickets.slice(0, 3).map((t) => t.subject)).toEqual(['Widget jammed 10050', 'Widget jammed 10040', 'Widget jammed 10030']);
    const dates = first.tickets.map((t) => t.created_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // Deeper pages count further: from offset 900 up to 1,900 matches, so the 1,005 are exact.
    const deep = await bigList({ status: '', search: 'widget', offset: '900' });
    expect(deep).toMatchObject({ total_count: 1_005, total_count_capped: false });
    expect(deep.tickets).toHaveLength(100);
    expect(deep.tickets[0]!.subject).toBe('Widget jammed 1050');
    const last = await bigList({ status: '', search: 'widget', offset: '1000' });
    expect(last.tickets.map((t) => t.subject)).toEqual(['Widget jammed 50', 'Widget jammed 40', 'Widget jammed 30', 'Widget jammed 20', 'Widget jammed 10']);
    // Past the end: no rows, the exact count.
    expect(await bigList({ status: '', search: 'widget', offset: '2000' })).toMatchObject({ tickets: [], total_count: 1_005, total_count_capped: false });
  });

  it('sends the newest 50 entries of a long conversation and pages back to the first with `before`', async () => {
    const response = await detailOf(longTicketId);
    const first = successEnvelope(ticket).parse(response.json()).result;
    expect(first.conversation).toHaveLength(50);
    expect(first.conversation_has_more).toBe(true);
    expect(first.conversation[0]!.content).toBe('Reply 120');
    const seen = first.conversation.map((e) => e.content);
    let before = first.conversation.at(-1)!.id;
    let more = true;
    while (more) {
      const page = await olderEntries(longTicketId, { before: String(before) });
      expect(page.statusCode, page.body).toBe(200);
      const { result } = successEnvelope(conversationPage).parse(page.json());
      expect(result.entries.length).toBeLessThanOrEqual(50);
      seen.push(...result.entries.map((e) => e.content));
      more = result.has_more;
      if (more) before = result.entries.at(-1)!.id;
    }
    // Every entry once, newest first; 'Reply 119' and 'Reply 120' share a time and the later insert comes first.
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen.slice(0, 3)).toEqual(['Reply 120', 'Reply 119', 'Reply 118']);
    expect(seen.at(-1)).toBe('Reply 1');
  });

  it('pages a very common word in order without counting it, and counts only when a page comes back short', async () => {
    const first = await bigList({ status: '', search: 'routine' });
    expect(first).toMatchObject({ total_count: 1_000, total_count_capped: true });
    expect(first.tickets[0]!.subject).toBe('Routine request 10049');
    const dates = first.tickets.map((t) => t.created_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    // 9,045 routine tickets: the last page holds 45 and says the exact total.
    const last = await bigList({ status: '', search: 'routine', offset: '9000' });
    expect(last).toMatchObject({ total_count: 9_045, total_count_capped: false });
    expect(last.tickets).toHaveLength(45);
    expect(last.tickets.at(-1)!.subject).toBe('Routine request 1');
  });

  it('takes a smaller page, refuses a bad cursor, and finds nothing before an entry of another ticket', async () => {
    const small = await olderEntries(longTicketId, { before: String(otherTicketEntryId), limit: '5' });
    expect(successEnvelope(conversationPage).parse(small.json()).result).toEqual({ entries: [], has_more: false });
    for (const before of ['0', '-1', 'x', '']) {
      const refused = await olderEntries(longTicketId, { before });
      expect(refused.statusCode, before).toBe(400);
      expect(errorEnvelope.parse(refused.json()).fields).toHaveProperty('before');
    }
    expect((await olderEntries(longTicketId, { before: '1', limit: '51' })).statusCode).toBe(400);
  });

  it('answers 404 for the conversation of a ticket the caller may not see', async () => {
    const rival = await test.app.inject({
      method: 'GET',
      url: `/api/crm/nable-tickets/${longTicketId}/conversation`,
      query: { before: '1' },
      headers: bearer(tokens.rival),
    });
    expect(rival.statusCode).toBe(404);
    expect(errorEnvelope.parse(rival.json()).message).toBe(TICKET_NOT_FOUND);
  });

  const detailOf = (id: number) => test.app.inject({ method: 'GET', url: `/api/crm/nable-tickets/${id}`, headers: bearer(bigAdmin) });
  const olderEntries = (id: number, query: Record<string, string>) =>
    test.app.inject({ method: 'GET', url: `/api/crm/nable-tickets/${id}/conversation`, query, headers: bearer(bigAdmin) });
});
