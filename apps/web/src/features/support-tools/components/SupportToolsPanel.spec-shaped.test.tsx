import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedRoutes } from '../../../test/spec-shaped';
import { SupportToolsPanel } from './SupportToolsPanel';

/*
 * The Support Tools tab against a portal API that answers exactly as the spec describes
 * (docs/decisions/0029): the spec's tool, its link answer, no answer to a recorded download, and a
 * download history whose items the spec gives no fields.
 */

const HISTORY = 'GET /api/crm/support-tools/download-history';
const render = () => renderSignedIn(<SupportToolsPanel customerId={3} customerName="Spec Logistics" />, { session: aStoredSession({ admin_group: true }) });
const callsTo = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}` === key);

beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:tool'), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openDownload() {
  await userEvent.click(await screen.findByRole('button', { name: 'Download Remote Monitoring Agent' }));
  return screen.findByRole('dialog', { name: 'Download Remote Monitoring Agent' });
}

describe('SupportToolsPanel against a spec-shaped API', () => {
  it('shows the tool’s card and an empty history', async () => {
    stubApi(specShapedRoutes('listSupportTools', 'listToolDownloads'));
    render();
    const card = await screen.findByRole('article', { name: 'Remote Monitoring Agent' });
    expect(card).toHaveTextContent('Monitors your computers and reports to our team.');
    expect(card).toHaveTextContent('Custom build');
    expect(card).toHaveTextContent('Windows, macOS, Linux');
    expect(card).toHaveTextContent('12 MB');
    expect(card).toHaveTextContent('No documentation');
    expect(await screen.findByText('No downloads yet')).toBeInTheDocument();
  });

  it('shows a generated link with its expiry', async () => {
    const fetchMock = stubApi(specShapedRoutes('listSupportTools', 'listToolDownloads', 'generateToolLink'));
    render();
    const dialog = await openDownload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create Windows link' }));
    const ready = await within(dialog).findByRole('region', { name: 'Download link ready' });
    expect(within(ready).getByRole('textbox', { name: 'Download link' })).toHaveValue('https://portal.spec.example/dl/abc');
    expect(ready).toHaveTextContent('Expires Nov 21, 2026, 9:30 AM');
    const [generate] = callsTo(fetchMock, 'POST /api/crm/support-tools/generate-link');
    expect(JSON.parse(String(generate![1]!.body))).toEqual({ tool_id: 1, valid_hours: 24, os_type: 'windows' });
  });

  it('records a direct download whose answer carries nothing, and reloads the history', async () => {
    const fetchMock = stubApi({
      ...specShapedRoutes('listSupportTools', 'listToolDownloads', 'recordToolDownload'),
      'POST /api/crm/support-tools/generate-link': () =>
        new Response(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
          headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="agent.zip"' },
        }),
    });
    render();
    const dialog = await openDownload();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download for Windows' }));
    expect(await screen.findByText('Download Started!')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST /api/crm/support-tools/download')[0]![1]!.body))).toEqual({
      tool_id: 1,
      download_token: 'direct-download',
    });
    await waitFor(() => expect(callsTo(fetchMock, HISTORY)).toHaveLength(2));
  });

  it('shows a history whose items carry other fields than ours: what is there, the tool named by its id', async () => {
    stubApi({
      ...specShapedRoutes('listSupportTools'),
      [HISTORY]: () =>
        ok([
          { tool_id: 1, created: '2026-11-20T15:00:00Z', ip_address: '203.0.113.9' },
          { id: 'DL-7', tool_name: 'Remote Assist', downloaded_by: 'Dana Admin' },
        ]),
    });
    render();
    const history = await screen.findByRole('list', { name: 'Download history' });
    const [first, second] = within(history).getAllByRole('listitem');
    expect(first).toHaveTextContent('Remote Monitoring Agent');
    expect(first).toHaveTextContent('Nov 20, 2026, 10:00 AM');
    expect(first).not.toHaveTextContent('·');
    expect(second).toHaveTextContent('Remote Assist');
    expect(second).toHaveTextContent('Dana Admin');
    expect(second).not.toHaveTextContent('Direct download');
  });
});
