import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogPage, errorEnvelope, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { auditLog } from '../../db/schema/index.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const db = () => test.database.db;
const get = (url: string, token: string) => test.app.inject({ method: 'GET', url: `/api/portal/audit-log${url}`, headers: bearer(token) });
const pageOf = (response: { json(): unknown }) => successEnvelope(auditLogPage).parse(response.json()).result;

/** An account with a signed-in administrator, a colleague, and entries dated in January 2026 (sign-ins are later). */
async function accountWithEntries() {
  const account = await createAccount(db());
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Ada', lastname: 'Admin' });
  const colleague = await createContact(db(), { accountId: account.id, firstname: 'Cole', lastname: 'League' });
  const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 0, day, hour));
  const entries = [
    { action: 'auth.login', outcome: 'success', contactId: colleague.id, actor: colleague.email, createdAt: at(2) },
    { action: 'auth.login', outcome: 'failure', contactId: colleague.id, actor: colleague.email, createdAt: at(3), ip: '203.0.113.9' },
    { action: 'users.updated', outcome: 'success', contactId: colleague.id, actor: admin.email, createdAt: at(4), details: { changed: ['admin_group'] } },
    {
      action: 'vault.password_unhidden',
      outcome: 'success',
      contactId: admin.id,
      actor: admin.email,
      createdAt: at(5),
      details: { credential: 'Router 100%_admin' },
    },
    { action: 'billing.payment', outcome: 'success', contactId: admin.id, actor: '=HYPERLINK("http://evil.example")', createdAt: at(6) },
  ];
  await db()
    .insert(auditLog)
    .values(entries.map((entry) => ({ accountId: account.id, ...entry })));
  const token = (await signIn(test.app, admin.email)).access_token;
  return { account, admin, colleague, token };
}
const JANUARY = `from=${encodeURIComponent('2026-01-01T00:00:00Z')}&to=${encodeURIComponent('2026-02-01T00:00:00Z')}`;

describe('GET /api/portal/audit-log', () => {
  it("lists the account's entries newest first, with the person each is about, and nothing of another account", async () => {
    const { colleague, token } = await accountWithEntries();
    const other = await accountWithEntries();
    const page = pageOf(await get(`?${JANUARY}`, token));
    expect(page.entries.map((entry) => entry.action)).toEqual(['billing.payment', 'vault.password_unhidden', 'users.updated', 'auth.login', 'auth.login']);
    expect(page.entries[2]).toMatchObject({ contact_id: colleague.id, contact_name: 'Cole League', kind: 'users', details: { changed: ['admin_group'] } });
    expect(page.next_before).toBeNull();
    const ids = new Set(page.entries.map((entry) => entry.contact_id));
    expect(ids.has(other.colleague.id)).toBe(false);
    // Naming the other account's person finds nothing: the filter narrows the caller's own account only.
    expect(pageOf(await get(`?contact_id=${other.colleague.id}`, token)).entries).toEqual([]);
  });

  it('filters by person, kind, outcome, dates and words (a % is a character, not a wildcard)', async () => {
    const { admin, colleague, token } = await accountWithEntries();
    const actions = async (query: string) => pageOf(await get(`?${JANUARY}&${query}`, token)).entries.map((entry) => entry.action);
    expect(await actions(`contact_id=${admin.id}`)).toEqual(['billing.payment', 'vault.password_unhidden']);
    expect(await actions('kind=auth')).toEqual(['auth.login', 'auth.login']);
    expect(await actions('kind=auth&outcome=failure')).toEqual(['auth.login']);
    expect(await actions(`contact_id=${colleague.id}&kind=users`)).toEqual(['users.updated']);
    const fromTo = `from=${encodeURIComponent('2026-01-03T00:00:00Z')}&to=${encodeURIComponent('2026-01-05T00:00:00Z')}`;
    expect(pageOf(await get(`?${fromTo}`, token)).entries.map((entry) => entry.action)).toEqual(['users.updated', 'auth.login']);
    expect(await actions('search=203.0.113')).toEqual(['auth.login']);
    expect(await actions(`search=${encodeURIComponent('100%_admin')}`)).toEqual(['vault.password_unhidden']);
    // As a wildcard, '1%' would match every entry with a 1 in it (the address, the dates in the details).
    expect(await actions(`search=${encodeURIComponent('1%')}`)).toEqual([]);
    expect(await actions(`search=${encodeURIComponent('0%_')}`)).toEqual(['vault.password_unhidden']);
    expect(await actions('search=cole%20league')).toEqual(['users.updated', 'auth.login', 'auth.login']);
  });

  it('pages by keyset: every entry once, in order, while newer entries arrive', async () => {
    const { account, colleague, token } = await accountWithEntries();
    // Two entries at the same moment: the id decides, and neither is skipped at a page's edge.
    const same = new Date(Date.UTC(2026, 0, 4, 12));
    await db()
      .insert(auditLog)
      .values(
        [1, 2].map(() => ({ accountId: account.id, contactId: colleague.id, actor: 'system', action: 'users.updated', outcome: 'success', createdAt: same })),
      );
    const seen: number[] = [];
    let before: string | null = null;
    let pages = 0;
    do {
      const page = pageOf(await get(`?${JANUARY}&limit=2${before ? `&before=${before}` : ''}`, token));
      seen.push(...page.entries.map((entry) => entry.id));
      before = page.next_before;
      pages += 1;
      // A new entry in the middle of paging shows on the first page, not on the next one.
      if (pages === 1)
        await db()
          .insert(auditLog)
          .values({ accountId: account.id, actor: 'system', action: 'auth.login', outcome: 'success', createdAt: new Date(Date.UTC(2026, 0, 31)) });
    } while (before);
    expect(pages).toBe(4);
    const all = await db()
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id)));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(7);
    expect(all.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses bad filters and cursors with 400 naming the field', async () => {
    const { token } = await accountWithEntries();
    const refused = async (query: string, field: string) => {
      const response = await get(`?${query}`, token);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(errorEnvelope.parse(response.json()).fields ?? {}).join(','), query).toContain(field);
    };
    await refused('kind=everything', 'kind');
    await refused('outcome=maybe', 'outcome');
    await refused('before=yesterday', 'before');
    await refused('before=1.2.3', 'before');
    await refused('from=2026-13-01', 'from');
    await refused(`from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`, 'to');
    await refused('limit=500', 'limit');
    await refused('contact_id=-4', 'contact_id');
    await refused(`search=${'x'.repeat(101)}`, 'search');
  });
});

describe('GET /api/portal/audit-log/export', () => {
  it('streams the filtered log as CSV, formulas defused, and records the export in the log', async () => {
    const { account, token } = await accountWithEntries();
    const response = await test.app.inject({ method: 'GET', url: `/api/portal/audit-log/export?${JANUARY}&kind=billing`, headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Time (UTC)","Person","Acted","Action","Kind","Outcome","IP address","Browser","Details"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(lines[1]).toContain('"billing.payment"');
    // The consumer writes the export's own entry in the event's transaction.
    await expect
      .poll(
        async () =>
          (
            await db()
              .select()
              .from(auditLog)
              .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'audit_log.exported')))
          ).length,
      )
      .toBe(1);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'audit_log.exported')));
    expect(entry!.details).toMatchObject({ rows: 1, kind: 'billing' });
  });
});
