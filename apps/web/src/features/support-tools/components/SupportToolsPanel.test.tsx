import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOWNLOAD_TOAST_MS, type DownloadRecord, type SupportTool } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession, jsonResponse } from '../../../test/fixtures';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { CONFIGURATION_NOT_FOUND_TITLE } from '../support-tools-display';
import { SupportToolsPanel, TOOLS_FAILED } from './SupportToolsPanel';

const TOOLS = '/api/crm/support-tools';
const HISTORY = '/api/crm/support-tools/download-history';
const GENERATE = '/api/crm/support-tools/generate-link';
const RECORD = '/api/crm/support-tools/download';

const anAgent = (overrides: Partial<SupportTool> = {}): SupportTool => ({
  id: 1,
  name: 'ITP RMM Agent',
  description: 'Remote monitoring and management agent.',
  type: 'rmm_agent',
  platforms: ['windows', 'mac', 'linux'],
  requires_custom_build: true,
  one_time_use: false,
  file_size: '48.2 MB',
  documentation: 'https://support.itpartners.example/docs/rmm-agent',
  ...overrides,
});
const anAssist = anAgent({
  id: 2,
  name: 'ITP Remote Assist',
  type: 'remote_assist',
  platforms: ['windows', 'mac'],
  requires_custom_build: false,
  one_time_use: true,
  file_size: '6.4 MB',
  documentation: null,
});
const aDownload = (overrides: Partial<DownloadRecord> = {}): DownloadRecord => ({
  id: 9,
  tool_id: 1,
  tool_name: 'ITP RMM Agent',
  downloaded_by: 'Alice Morgan',
  download_token: 'direct-download',
  created: '2026-11-20T15:00:00.000Z',
  ...overrides,
});
const zipResponse = () =>
  new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
    status: 200,
    headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="itp-rmm-agent-windows.zip"' },
  });

const render = () => renderSignedIn(<SupportToolsPanel customerId={7} customerName="Northwind Traders" />, { session: aStoredSession({ admin_group: true }) });
const callsTo = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}` === key);

let saved: string[];
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:tool'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openDownload(name: string) {
  await screen.findByRole('article', { name });
  await userEvent.click(await screen.findByRole('button', { name: `Download ${name}` }));
  return screen.findByRole('dialog', { name: `Download ${name}` });
}

describe('SupportToolsPanel', () => {
  it('shows a card per tool with its platforms, size, documentation and marks, and the history newest first', async () => {
    stubApi({
      [`GET ${TOOLS}`]: ok([anAgent(), anAssist]),
      [`GET ${HISTORY}`]: ok([aDownload({ id: 10, downloaded_by: 'Grace Liu', download_token: 'link-4' }), aDownload()]),
    });
    render();
    expect(screen.getByRole('heading', { name: 'Support tools for Northwind Traders' })).toBeInTheDocument();
    const agent = await screen.findByRole('article', { name: 'ITP RMM Agent' });
    expect(agent).toHaveTextContent('Custom build');
    expect(agent).not.toHaveTextContent('One-time link');
    expect(agent).toHaveTextContent('Windows, macOS, Linux');
    expect(agent).toHaveTextContent('48.2 MB');
    expect(within(agent).getByRole('link', { name: /Documentation/ })).toHaveAttribute('href', 'https://support.itpartners.example/docs/rmm-agent');
    const assist = screen.getByRole('article', { name: 'ITP Remote Assist' });
    expect(assist).toHaveTextContent('One-time link');
    expect(assist).toHaveTextContent('No documentation');

    const history = await screen.findByRole('list', { name: 'Download history' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Grace Liu');
    expect(rows[0]).toHaveTextContent('Download link');
    expect(rows[1]).toHaveTextContent('Alice Morgan');
    expect(rows[1]).toHaveTextContent('Direct download');
    expect(rows[1]).toHaveTextContent('Nov 20, 2026, 10:00 AM');
  });

  it('shows loading, then an error with Retry, and the empty states', async () => {
    let answer: 'pending' | 'fail' | 'empty' = 'pending';
    stubApi({
      [`GET ${TOOLS}`]: () => (answer === 'pending' ? pending() : answer === 'fail' ? failure(500, '').clone() : ok([]).clone()),
      [`GET ${HISTORY}`]: ok([]),
    });
    const first = render();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Loading support tools');
    first.unmount();
    answer = 'fail';
    render();
    expect(await screen.findByText(TOOLS_FAILED)).toBeInTheDocument();
    answer = 'empty';
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No support tools available')).toBeInTheDocument();
    expect(await screen.findByText('No downloads yet')).toBeInTheDocument();
  });

  it('downloads the built agent for the chosen OS, records it as a direct download and shows Download Started! for 5 seconds', async () => {
    const fetchMock = stubApi({
      [`GET ${TOOLS}`]: ok([anAgent()]),
      [`GET ${HISTORY}`]: ok([]),
      [`POST ${GENERATE}`]: () => zipResponse(),
      [`POST ${RECORD}`]: ok(aDownload()),
    });
    render();
    const dialog = await openDownload('ITP RMM Agent');
    expect(dialog).toHaveTextContent('built for Northwind Traders');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Linux' }));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Windows' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download for Windows' }));
    expect(await screen.findByText('Download Started!')).toBeInTheDocument();
    expect(saved).toEqual(['itp-rmm-agent-windows.zip']);
    const [build] = callsTo(fetchMock, `POST ${GENERATE}`);
    expect(JSON.parse(String(build![1]!.body))).toEqual({ tool_id: 1, os_type: 'windows' });
    await waitFor(() => expect(callsTo(fetchMock, `POST ${RECORD}`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, `POST ${RECORD}`)[0]![1]!.body))).toEqual({ tool_id: 1, download_token: 'direct-download' });
    expect(DOWNLOAD_TOAST_MS).toBe(5_000);
  });

  it('makes a link for the chosen OS and validity and shows it with its expiry and a copy button', async () => {
    const fetchMock = stubApi({
      [`GET ${TOOLS}`]: ok([anAssist]),
      [`GET ${HISTORY}`]: ok([]),
      [`POST ${GENERATE}`]: ok({ url: 'http://portal.test/api/crm/support-tools/links/tl1.abc', expires_at: '2026-11-21T15:00:00.000Z', token: 'tl1.abc' }),
    });
    render();
    const dialog = await openDownload('ITP Remote Assist');
    expect(dialog).toHaveTextContent('Links to this tool work only once.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'macOS' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create macOS link' }));
    const ready = await within(dialog).findByRole('region', { name: 'Download link ready' });
    expect(within(ready).getByRole('textbox', { name: 'Download link' })).toHaveValue('http://portal.test/api/crm/support-tools/links/tl1.abc');
    expect(ready).toHaveTextContent('Expires Nov 21, 2026, 10:00 AM · works once');
    expect(within(ready).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, `POST ${GENERATE}`)[0]![1]!.body))).toEqual({ tool_id: 2, valid_hours: 24, os_type: 'mac' });
  });

  it('opens the configuration help with the support phone and e-mail on configuration_not_found', async () => {
    stubApi({
      [`GET ${TOOLS}`]: ok([anAgent()]),
      [`GET ${HISTORY}`]: ok([]),
      [`POST ${GENERATE}`]: () =>
        jsonResponse({ errors: true, message: 'Your account is not set up in the monitoring system yet.', code: 'configuration_not_found' }, 422),
    });
    render();
    const dialog = await openDownload('ITP RMM Agent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download for Windows' }));
    const help = await screen.findByRole('dialog', { name: CONFIGURATION_NOT_FOUND_TITLE });
    expect(help).toHaveTextContent('must match the name in the monitoring system exactly');
    expect(within(help).getByRole('link', { name: '+1 (800) 555-0199' })).toBeInTheDocument();
    expect(within(help).getByRole('link', { name: 'support@itpartners.example' })).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says the server’s message, else Failed to download tool, else Error downloading tool', async () => {
    let answer: () => Response | Promise<Response> = () => failure(404, 'The support tool was not found');
    stubApi({ [`GET ${TOOLS}`]: ok([anAgent()]), [`GET ${HISTORY}`]: ok([]), [`POST ${GENERATE}`]: () => answer() });
    render();
    const dialog = await openDownload('ITP RMM Agent');
    const button = within(dialog).getByRole('button', { name: 'Download for Windows' });
    await userEvent.click(button);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The support tool was not found');
    answer = () => new Response('<html>bad gateway</html>', { status: 502 });
    await userEvent.click(button);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to download tool'));
    answer = () => Promise.reject(new TypeError('network down'));
    await userEvent.click(button);
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Error downloading tool'));
  });
});
