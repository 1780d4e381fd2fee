import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { aList, aNotification } from './notifications-test-data';
import { unreadBadge } from './BellButton';
import { NotificationBell } from './NotificationBell';

afterEach(() => vi.unstubAllGlobals());

const bell = (name: RegExp | string) => screen.findByRole('button', { name });

describe('NotificationBell', () => {
  it('shows the unread count and, opened, the newest with a link to each', async () => {
    stubApi({
      'GET /api/portal/notifications': ok(
        aList(
          [aNotification(), aNotification({ id: 2, title: 'A new statement is ready', link: '/billing?tab=statements', read_at: new Date().toISOString() })],
          1,
        ),
      ),
    });
    renderSignedIn(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await bell('Notifications, 1 unread'));
    const panel = await screen.findByRole('dialog');
    expect(within(panel).getByRole('link', { name: /Printer offline/ })).toHaveAttribute('href', '/tickets/5');
    expect(within(panel).getByRole('link', { name: 'A new statement is ready' })).toHaveAttribute('href', '/billing?tab=statements');
    expect(within(panel).getByRole('link', { name: 'See all notifications' })).toHaveAttribute('href', '/notifications');
  });

  it('marks one, and all, read', async () => {
    const fetchMock = stubApi({
      'GET /api/portal/notifications': ok(aList([aNotification()])),
      'POST /api/portal/notifications/1/read': ok(aNotification({ read_at: new Date().toISOString() })),
      'POST /api/portal/notifications/read-all': ok({ unread_count: 0 }),
    });
    renderSignedIn(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await bell(/1 unread/));
    const panel = await screen.findByRole('dialog');
    await user.click(within(panel).getByRole('button', { name: /Mark read: .*Printer offline/ }));
    await user.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${new URL(String(url), 'http://x').pathname}`)).toEqual(
        expect.arrayContaining(['POST /api/portal/notifications/1/read', 'POST /api/portal/notifications/read-all']),
      ),
    );
  });

  it('says when there is nothing, and offers Retry when the list fails', async () => {
    stubApi({ 'GET /api/portal/notifications': failure(503, 'The portal is unavailable') });
    renderSignedIn(<NotificationBell />);
    const user = userEvent.setup();
    await user.click(await bell('Notifications'));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();

    stubApi({ 'GET /api/portal/notifications': ok(aList([])) });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Nothing new/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('stops counting at 99', () => {
    expect(unreadBadge(7)).toBe('7');
    expect(unreadBadge(120)).toBe('99+');
  });
});
