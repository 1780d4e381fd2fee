import { eq } from 'drizzle-orm';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGURATION_NOT_FOUND, endpoints, errorEnvelope, formatFileSize, formatFileSizes, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { auditLog, supportTools, toolDownloadLinks } from '../../db/schema/index.js';
import { groupKeyOf } from '../../platform/monitoring-system.js';
import { hashToken } from '../../platform/tokens.js';
import { LINK_EXPIRED, LINK_INVALID, LINK_NOT_IN_ACCOUNT, LINK_USED } from './support-tools.messages.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ MONITORING_SERVER_URL: 'https://rmm.test.example' });
});
afterAll(() => test.close());

const db = () => test.database.db;
type Payload = Record<string, unknown>;
const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: Payload) =>
  test.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, payload });
const parse = <T>(response: { json(): unknown }, schema: { parse(v: unknown): T }) => schema.parse(response.json());
const linkOf = (response: { json(): unknown }) => parse(response, successEnvelope(endpoints.generateToolLink.result)).result;
const historyOf = async (token: string) =>
  parse(await call('GET', '/crm/support-tools/download-history', token), successEnvelope(endpoints.listToolDownloads.result)).result;
/** The path of a link's URL, to open against the test app. */
const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;
const open = (url: string) => test.app.inject({ method: 'GET', url: pathOf(url) });

let toolSequence = 0;
async function createTool(overrides: Partial<typeof supportTools.$inferInsert> = {}) {
  toolSequence += 1;
  const [tool] = await db()
    .insert(supportTools)
    .values({
      name: `Test tool ${toolSequence}-${Date.now()}`,
      description: 'A tool made by a test',
      type: 'diagnostic',
      platforms: ['windows', 'mac', 'linux'],
      fileSize: '1 MB',
      ...overrides,
    })
    .returning();
  return tool!;
}
const createAgent = () => createTool({ type: 'rmm_agent', requiresCustomBuild: true, platforms: ['windows', 'mac', 'linux'] });

async function adminOf(monitoringCustomerName: string | null = 'Acme Monitoring Name') {
  const account = await createAccount(db(), { monitoringCustomerName });
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Alice', lastname: 'Morgan' });
  const token = (await signIn(test.app, admin.email)).access_token;
  return { account, admin, token };
}

/** The entries of a zip, read with yauzl: name → text. */
function unzip(data: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const auditOf = async (accountId: number) => (await db().select().from(auditLog).where(eq(auditLog.accountId, accountId))).map((e) => e.action);

describe('the catalogue and the build-and-download variant', () => {
  it('lists the tools with their marks, and sizes measured on the files they deliver, not the catalogue’s figure', async () => {
    const { token } = await adminOf();
    const agent = await createAgent();
    const tools = parse(await call('GET', '/crm/support-tools', token), successEnvelope(endpoints.listSupportTools.result)).result;
    const listed = tools.find((t) => t.id === agent.id)!;
    expect(listed).toEqual({
      id: agent.id,
      name: agent.name,
      description: 'A tool made by a test',
      type: 'rmm_agent',
      platforms: ['windows', 'mac', 'linux'],
      requires_custom_build: true,
      one_time_use: false,
      file_size: expect.stringMatching(/KB$/),
      file_sizes: { windows: expect.any(Number), mac: expect.any(Number), linux: expect.any(Number) },
      documentation: null,
    });
    expect(listed.file_size).not.toBe('1 MB');
  });

  it('states for each platform the bytes its download serves, directly and through a link, and the same in words', async () => {
    const { token } = await adminOf();
    const list = async () => parse(await call('GET', '/crm/support-tools', token), successEnvelope(endpoints.listSupportTools.result)).result;
    for (const tool of [await createAgent(), await createTool({ platforms: ['windows', 'linux'] })]) {
      const listed = (await list()).find((t) => t.id === tool.id)!;
      const served: number[] = [];
      for (const os of tool.platforms) {
        const file = await call('POST', '/crm/support-tools/generate-link', token, { tool_id: tool.id, os_type: os });
        expect(file.rawPayload.length).toBe(listed.file_sizes![os]);
        expect(Number(file.headers['content-length'])).toBe(file.rawPayload.length);
        const link = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: tool.id, valid_hours: 1, os_type: os }));
        expect((await open(link.url)).rawPayload.length).toBe(listed.file_sizes![os]);
        served.push(file.rawPayload.length);
      }
      expect(listed.file_size).toBe(formatFileSizes(served));
    }
  });

  it('states no size for an agent the account cannot get (not in the monitoring system)', async () => {
    const { token } = await adminOf(null);
    const agent = await createAgent();
    const listed = parse(await call('GET', '/crm/support-tools', token), successEnvelope(endpoints.listSupportTools.result)).result.find(
      (t) => t.id === agent.id,
    )!;
    expect(listed.file_size).toBe('—');
    expect(listed).not.toHaveProperty('file_sizes');
  });

  it('writes sizes in words', () => {
    expect(formatFileSize(812)).toBe('812 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1434)).toBe('1.4 KB');
    expect(formatFileSize(50_541_773)).toBe('48.2 MB');
    expect(formatFileSizes([1434, 1434])).toBe('1.4 KB');
    expect(formatFileSizes([1330, 1640])).toBe('1.3–1.6 KB');
    expect(formatFileSizes([900, 2048])).toBe('900 bytes–2.0 KB');
    expect(formatFileSizes([])).toBe('—');
  });

  it('builds the agent for Windows as a zip holding the installer and the account’s configuration, and audits it', async () => {
    const { account, token } = await adminOf('Acme Logistics');
    const agent = await createAgent();
    const response = await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id, os_type: 'windows' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="itp-rmm-agent-windows.zip"');
    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      'itp-rmm-agent-windows/README.txt',
      'itp-rmm-agent-windows/agent-config.json',
      'itp-rmm-agent-windows/install.ps1',
    ]);
    const config = JSON.parse(files.get('itp-rmm-agent-windows/agent-config.json')!);
    expect(config).toEqual({
      server_url: 'https://rmm.test.example',
      customer_name: 'Acme Logistics',
      group_key: groupKeyOf(test.config.secrets.tokenSecret, account.id),
      os: 'windows',
    });
    expect(files.get('itp-rmm-agent-windows/install.ps1')).toContain('agent-config.json');
    expect(await auditOf(account.id)).toContain('support_tools.built');

    // The group key is the account's own: the same on every build, another account's differs.
    const again = await unzip((await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id, os_type: 'windows' })).rawPayload);
    expect(JSON.parse(again.get('itp-rmm-agent-windows/agent-config.json')!).group_key).toBe(config.group_key);
    const other = await adminOf('Globex Monitoring');
    const theirs = await unzip((await call('POST', '/crm/support-tools/generate-link', other.token, { tool_id: agent.id, os_type: 'windows' })).rawPayload);
    expect(JSON.parse(theirs.get('itp-rmm-agent-windows/agent-config.json')!)).toMatchObject({ customer_name: 'Globex Monitoring' });
    expect(JSON.parse(theirs.get('itp-rmm-agent-windows/agent-config.json')!).group_key).not.toBe(config.group_key);
  });

  it('builds for mac and linux with an executable shell installer', async () => {
    const { token } = await adminOf();
    const agent = await createAgent();
    const linux = await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id, os_type: 'linux' });
    expect(linux.headers['content-disposition']).toContain('itp-rmm-agent-linux.zip');
    expect((await unzip(linux.rawPayload)).get('itp-rmm-agent-linux/install.sh')).toMatch(/^#!\/bin\/sh/);
    const mac = await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id, os_type: 'mac' });
    expect([...(await unzip(mac.rawPayload)).keys()]).toContain('itp-rmm-agent-mac/install.command');
  });

  it('answers configuration_not_found for an account the monitoring system does not know, for the build and for a link', async () => {
    const { account, token } = await adminOf(null);
    const agent = await createAgent();
    for (const body of [
      { tool_id: agent.id, os_type: 'windows' },
      { tool_id: agent.id, valid_hours: 24 },
    ]) {
      const refused = await call('POST', '/crm/support-tools/generate-link', token, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.headers['content-type']).toContain('application/json');
      const envelope = errorEnvelope.parse(refused.json());
      expect(envelope.code).toBe(CONFIGURATION_NOT_FOUND);
      expect(envelope.message).toMatch(/must match the name in the monitoring system exactly/);
    }
    expect(await db().select().from(toolDownloadLinks).where(eq(toolDownloadLinks.accountId, account.id))).toEqual([]);
    // A tool that is not built per account needs no configuration.
    const plain = await createTool();
    expect((await call('POST', '/crm/support-tools/generate-link', token, { tool_id: plain.id, os_type: 'linux' })).statusCode).toBe(200);
  });

  it('refuses an OS the tool does not run on, an unknown tool, and a link longer than a week', async () => {
    const { token } = await adminOf();
    const windowsOnly = await createTool({ platforms: ['windows'] });
    const wrongOs = await call('POST', '/crm/support-tools/generate-link', token, { tool_id: windowsOnly.id, os_type: 'linux' });
    expect(wrongOs.statusCode).toBe(400);
    expect(errorEnvelope.parse(wrongOs.json()).fields?.os_type).toBe(`${windowsOnly.name} is not available for Linux.`);
    expect((await call('POST', '/crm/support-tools/generate-link', token, { tool_id: 999_999, os_type: 'linux' })).statusCode).toBe(404);
    expect((await call('POST', '/crm/support-tools/generate-link', token, { tool_id: windowsOnly.id, valid_hours: 169 })).statusCode).toBe(400);
    expect((await call('POST', '/crm/support-tools/generate-link', token, { tool_id: windowsOnly.id, os_type: 'beos' })).statusCode).toBe(400);
  });
});

describe('download links', () => {
  it('makes a link valid 24 hours by default that downloads without a bearer token, and keeps only its hash', async () => {
    const { account, admin, token } = await adminOf('Acme Logistics');
    const agent = await createAgent();
    const before = Date.now();
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id, os_type: 'linux', valid_hours: 24 }));
    const after = Date.now();
    expect(link.url).toBe(`http://portal.test/api/crm/support-tools/links/${link.token}`);
    // 24 hours from the moment the link was made, which lies between before and after (a loaded machine may take seconds).
    const DAY = 24 * 3_600_000;
    expect(Date.parse(link.expires_at)).toBeGreaterThanOrEqual(before + DAY - 1000);
    expect(Date.parse(link.expires_at)).toBeLessThanOrEqual(after + DAY + 1000);
    const defaulted = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id }));
    expect((Date.parse(defaulted.expires_at) - before) / 3_600_000).toBeGreaterThan(23.99);

    const { rows } = await test.database.pool.query('SELECT t::text AS row FROM tool_download_links t WHERE account_id = $1', [account.id]);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.row).join()).not.toContain(link.token);
    const [stored] = await db()
      .select()
      .from(toolDownloadLinks)
      .where(eq(toolDownloadLinks.tokenHash, hashToken(link.token)));
    expect(stored).toMatchObject({ accountId: account.id, contactId: admin.id, toolId: agent.id, usedAt: null });

    const file = await open(link.url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="itp-rmm-agent-linux.zip"');
    const config = JSON.parse((await unzip(file.rawPayload)).get('itp-rmm-agent-linux/agent-config.json')!);
    expect(config).toMatchObject({ customer_name: 'Acme Logistics', os: 'linux' });
    // Not a one-time tool: it works again until it expires.
    expect((await open(link.url)).statusCode).toBe(200);

    const history = await historyOf(token);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ tool_id: agent.id, tool_name: agent.name, downloaded_by: 'Alice Morgan', download_token: `link-${stored!.id}` });
    expect(await auditOf(account.id)).toEqual(expect.arrayContaining(['support_tools.link_created', 'support_tools.link_downloaded']));
  });

  it('serves a link to a per-OS tool that names no OS as a page to choose one, then the chosen build', async () => {
    const { token } = await adminOf();
    const agent = await createAgent();
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id, valid_hours: 2 }));
    const page = await open(link.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('href="?os=windows"');
    expect(page.body).toContain('Download for macOS');
    const chosen = await open(`${link.url}?os=mac`);
    expect(chosen.headers['content-disposition']).toContain('itp-rmm-agent-mac.zip');
  });

  it('works once for a one-time tool: a second opening is refused with a clear message and no file', async () => {
    const { account, token } = await adminOf();
    const assist = await createTool({ type: 'remote_assist', oneTimeUse: true, platforms: ['windows', 'mac'] });
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: assist.id, valid_hours: 1, os_type: 'windows' }));
    const first = await open(link.url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/zip');
    const second = await open(link.url);
    expect(second.statusCode).toBe(410);
    expect(second.headers['content-disposition']).toBeUndefined();
    expect(errorEnvelope.parse(second.json())).toMatchObject({ message: LINK_USED, code: 'gone' });
    expect(await historyOf(token)).toHaveLength(1);
    expect(await auditOf(account.id)).toContain('support_tools.link_refused');
  });

  it('gives a one-time link to exactly one of two simultaneous openings', async () => {
    const { token } = await adminOf();
    const assist = await createTool({ oneTimeUse: true, platforms: ['windows'] });
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: assist.id, valid_hours: 1 }));
    const answers = await Promise.all([open(link.url), open(link.url), open(link.url)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410, 410]);
  });

  it('refuses an expired link', async () => {
    const { token } = await adminOf();
    const tool = await createTool();
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: tool.id, valid_hours: 1, os_type: 'windows' }));
    await db()
      .update(toolDownloadLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(toolDownloadLinks.tokenHash, hashToken(link.token)));
    const refused = await open(link.url);
    expect(refused.statusCode).toBe(410);
    expect(errorEnvelope.parse(refused.json()).message).toBe(LINK_EXPIRED);
  });

  it('refuses a forged or altered link: another signature, another account, a later expiry, another OS, or made up', async () => {
    const victim = await adminOf('Victim Monitoring');
    const attacker = await adminOf('Attacker Monitoring');
    const agent = await createAgent();
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', attacker.token, { tool_id: agent.id, valid_hours: 1, os_type: 'windows' }));
    const parts = link.token.split('.');
    const altered = (index: number, value: string) => parts.map((part, i) => (i === index ? value : part)).join('.');
    const flip = (text: string) => (text.endsWith('A') ? `${text.slice(0, -1)}B` : `${text.slice(0, -1)}A`);
    for (const token of [
      altered(6, flip(parts[6]!)), // signature changed
      altered(2, victim.account.id.toString(36)), // another account's configuration
      altered(5, (Number.parseInt(parts[5]!, 36) + 86_400).toString(36)), // a later expiry
      altered(4, 'l'), // another OS
      `tl1.${'A'.repeat(24)}.1.1.w.zzzzzz.${'B'.repeat(43)}`,
      'not-a-link',
    ]) {
      const refused = await test.app.inject({ method: 'GET', url: `/api/crm/support-tools/links/${encodeURIComponent(token)}` });
      expect(refused.statusCode, token).toBe(403);
      expect(refused.headers['content-type']).toContain('application/json');
      expect(errorEnvelope.parse(refused.json()).message).toBe(LINK_INVALID);
    }
    expect(await historyOf(victim.token)).toEqual([]);
    expect(await historyOf(attacker.token)).toEqual([]);
  });

  it('keeps links to their account: another account cannot record with one, and a link carries its own account’s configuration', async () => {
    const mine = await adminOf('Mine Monitoring');
    const theirs = await adminOf('Theirs Monitoring');
    const agent = await createAgent();
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', mine.token, { tool_id: agent.id, valid_hours: 1, os_type: 'windows' }));
    const foreign = await call('POST', '/crm/support-tools/download', theirs.token, { tool_id: agent.id, download_token: link.token });
    expect(foreign.statusCode).toBe(404);
    expect(errorEnvelope.parse(foreign.json()).message).toBe(LINK_NOT_IN_ACCOUNT);
    expect(await historyOf(theirs.token)).toEqual([]);

    const config = JSON.parse((await unzip((await open(link.url)).rawPayload)).get('itp-rmm-agent-windows/agent-config.json')!);
    expect(config).toMatchObject({ customer_name: 'Mine Monitoring', group_key: groupKeyOf(test.config.secrets.tokenSecret, mine.account.id) });
    expect(await historyOf(theirs.token)).toEqual([]);
  });
});

describe('recording downloads and the history', () => {
  it('records a direct download and a link of the account, lists them newest first with who and when, and audits each', async () => {
    const { account, token } = await adminOf();
    const colleague = await createContact(db(), { accountId: account.id, adminGroup: true, firstname: 'Grace', lastname: 'Liu' });
    const colleagueToken = (await signIn(test.app, colleague.email)).access_token;
    const tool = await createTool();
    const other = await createTool();
    const first = parse(
      await call('POST', '/crm/support-tools/download', token, { tool_id: tool.id, download_token: 'direct-download' }),
      successEnvelope(endpoints.recordToolDownload.result),
    ).result;
    expect(first).toMatchObject({ tool_id: tool.id, tool_name: tool.name, downloaded_by: 'Alice Morgan', download_token: 'direct-download' });
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', colleagueToken, { tool_id: tool.id, valid_hours: 3 }));
    const second = parse(
      await call('POST', '/crm/support-tools/download', colleagueToken, { tool_id: tool.id, download_token: link.token }),
      successEnvelope(endpoints.recordToolDownload.result),
    ).result;
    expect(second.download_token).toMatch(/^link-\d+$/);
    expect((await call('POST', '/crm/support-tools/download', token, { tool_id: other.id, download_token: link.token })).statusCode).toBe(400);
    expect((await call('POST', '/crm/support-tools/download', token, { tool_id: tool.id, download_token: 'made-up' })).statusCode).toBe(404);

    const history = await historyOf(token);
    expect(history.map((h) => [h.downloaded_by, h.download_token === 'direct-download'])).toEqual([
      ['Grace Liu', false],
      ['Alice Morgan', true],
    ]);
    expect(Date.parse(history[0]!.created)).toBeGreaterThanOrEqual(Date.parse(history[1]!.created));
    expect((await auditOf(account.id)).filter((a) => a === 'support_tools.download_recorded')).toHaveLength(2);
    // Another account sees none of it.
    expect(await historyOf((await adminOf()).token)).toEqual([]);
  });
});

describe('who may use support tools', () => {
  it('lets a technical contact list the tools, make a link, build the agent, record a download and read the history (decision 0031)', async () => {
    const { account, token: adminToken } = await adminOf();
    const technical = await createContact(db(), { accountId: account.id, technicalGroup: true, firstname: 'Tess', lastname: 'Nguyen' });
    const token = (await signIn(test.app, technical.email)).access_token;
    const tool = await createTool();
    const agent = await createAgent();
    const tools = parse(await call('GET', '/crm/support-tools', token), successEnvelope(endpoints.listSupportTools.result)).result;
    expect(tools.map((t) => t.id)).toEqual(expect.arrayContaining([tool.id, agent.id]));
    const link = linkOf(await call('POST', '/crm/support-tools/generate-link', token, { tool_id: tool.id, valid_hours: 24 }));
    expect(link.url).toContain('/crm/support-tools/links/');
    const built = await call('POST', '/crm/support-tools/generate-link', token, { tool_id: agent.id, os_type: 'windows' });
    expect(built.statusCode).toBe(200);
    expect(built.headers['content-disposition']).toContain('.zip');
    const recorded = await call('POST', '/crm/support-tools/download', token, { tool_id: tool.id, download_token: link.token });
    expect(parse(recorded, successEnvelope(endpoints.recordToolDownload.result)).result).toMatchObject({ tool_id: tool.id, downloaded_by: 'Tess Nguyen' });
    expect((await historyOf(token)).map((h) => h.downloaded_by)).toEqual(['Tess Nguyen']);
    // The account's administrators see the same history.
    expect((await historyOf(adminToken)).map((h) => h.downloaded_by)).toEqual(['Tess Nguyen']);
  });

  it('refuses everyone but administrators and technical contacts (403) and anonymous callers (401)', async () => {
    const { account } = await adminOf();
    const user = await createContact(db(), { accountId: account.id, billingGroup: true });
    const userToken = (await signIn(test.app, user.email)).access_token;
    const tool = await createTool();
    for (const [method, url, body] of [
      ['GET', '/crm/support-tools', undefined],
      ['POST', '/crm/support-tools/generate-link', { tool_id: tool.id, valid_hours: 24 }],
      ['POST', '/crm/support-tools/generate-link', { tool_id: tool.id, os_type: 'windows' }],
      ['POST', '/crm/support-tools/download', { tool_id: tool.id, download_token: 'direct-download' }],
      ['GET', '/crm/support-tools/download-history', undefined],
    ] as const) {
      expect((await call(method, url, userToken, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
