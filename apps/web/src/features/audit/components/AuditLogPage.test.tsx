import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntry } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { AuditLogPage, NO_ENTRIES, NO_MATCHES } from './AuditLogPage';

afterEach(() => vi.unstubAllGlobals());

const anEntry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  at: '2026-11-20T14:30:00.000Z',
  actor: 'alice.admin@acme.example',
  contact_id: 7,
  contact_name: 'Cole League',
  contact_email: 'cole@acme.example',
  action: 'users.updated',
  kind: 'users',
  outcome: 'success',
  ip: '203.0.113.9',
  user_agent: 'Firefox on Linux',
  details: { changed: ['admin_group'] },
  ...overrides,
});
const PEOPLE = [{ pk: 7, firstname: 'Cole', lastname: 'League', email: 'cole@acme.example' }];
const render = (route = '/audit') => renderSignedIn(<AuditLogPage />, { route });
const queryOf = (fetchMock: ReturnType<typeof stubApi>, index = -1) => {
  const calls = fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/portal/audit-log'));
  return new URL(String(calls.at(index)![0]), 'http://portal.test').searchParams;
};

describe('AuditLogPage', () => {
  it('lists the entries with who, what, outcome and where from, the acting administrator beside the person', async () => {
    stubApi({
      'GET /api/portal/audit-log': ok({
        entries: [anEntry(2), anEntry(1, { action: 'auth.login', kind: 'auth', outcome: 'failure', actor: 'cole@acme.example', details: {} })],
        next_before: null,
      }),
      'GET /api/crm/contacts': ok(PEOPLE),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Audit log' });
    const [changed, failed] = within(list).getAllByRole('listitem');
    expect(changed).toHaveTextContent('User changed');
    expect(changed).toHaveTextContent('Cole League by alice.admin@acme.example');
    expect(changed).toHaveTextContent('changed: admin_group');
    expect(changed).toHaveTextContent('203.0.113.9');
    expect(failed).toHaveTextContent('Sign-in failed');
    expect(failed).toHaveTextContent('Failed');
    // Cole's own sign-in names Cole alone.
    expect(failed).not.toHaveTextContent(' by ');
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Newest' })).toBeDisabled();
  });

  it('sends the address’s filters, pages older by the cursor the server gave, and back to the newest', async () => {
    const fetchMock = stubApi({
      'GET /api/portal/audit-log': () => ok({ entries: [anEntry(3)], next_before: '1795000000000000.3' }),
      'GET /api/crm/contacts': ok(PEOPLE),
    });
    render('/audit?kind=auth&person=7&from=2026-11-01&to=2026-11-30&q=cole');
    await screen.findByRole('list', { name: 'Audit log' });
    const first = queryOf(fetchMock);
    expect(Object.fromEntries(first)).toMatchObject({ kind: 'auth', contact_id: '7', search: 'cole' });
    // Days are whole: from the first day's start to the start of the day after the last, in the browser's zone.
    expect(new Date(first.get('from')!).getTime()).toBe(new Date(2026, 10, 1).getTime());
    expect(new Date(first.get('to')!).getTime()).toBe(new Date(2026, 11, 1).getTime());
    expect(first.has('before')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(queryOf(fetchMock).get('before')).toBe('1795000000000000.3'));
    expect(queryOf(fetchMock).get('kind')).toBe('auth');
    await userEvent.click(await screen.findByRole('button', { name: 'Newest' }));
    await waitFor(() => expect(queryOf(fetchMock).has('before')).toBe(false));
  });

  it('says when nothing is recorded yet, with nothing to clear', async () => {
    stubApi({ 'GET /api/portal/audit-log': () => ok({ entries: [], next_before: null }), 'GET /api/crm/contacts': ok(PEOPLE) });
    render();
    expect(await screen.findByText(NO_ENTRIES)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear the filters' })).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    const fetchMock = stubApi({ 'GET /api/portal/audit-log': () => ok({ entries: [], next_before: null }), 'GET /api/crm/contacts': ok(PEOPLE) });
    render('/audit?outcome=denied');
    expect(await screen.findByText(NO_MATCHES)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(queryOf(fetchMock).has('outcome')).toBe(false));
    expect(await screen.findByText(NO_ENTRIES)).toBeInTheDocument();
  });

  it('refuses a last day before the first under the To field, and leaves it out of the request', async () => {
    const fetchMock = stubApi({ 'GET /api/portal/audit-log': () => ok({ entries: [anEntry(1)], next_before: null }), 'GET /api/crm/contacts': ok(PEOPLE) });
    render('/audit?from=2026-11-10&to=2026-11-01');
    expect(await screen.findByText('The last day must not be before the first')).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Audit log' });
    expect(queryOf(fetchMock).has('to')).toBe(false);
  });

  it('shows its loading state while the log is on its way', async () => {
    stubApi({ 'GET /api/portal/audit-log': pending, 'GET /api/crm/contacts': ok(PEOPLE) });
    render();
    expect(await screen.findByText('Loading the audit log')).toBeInTheDocument();
  });

  it('shows the server’s error, and a retry that works', async () => {
    let answer: () => Response | Promise<Response> = () => failure(503, 'The portal is busy; try again in a moment.');
    stubApi({ 'GET /api/portal/audit-log': () => answer(), 'GET /api/crm/contacts': ok(PEOPLE) });
    render();
    expect(await screen.findByText('The portal is busy; try again in a moment.')).toBeInTheDocument();
    answer = () => ok({ entries: [anEntry(1)], next_before: null });
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('list', { name: 'Audit log' })).toBeInTheDocument();
  });
});
