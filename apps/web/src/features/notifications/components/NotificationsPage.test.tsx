import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { aList, aNotification } from './notifications-test-data';
import { NotificationsPage } from './NotificationsPage';

afterEach(() => vi.unstubAllGlobals());

describe('NotificationsPage', () => {
  it('lists the notifications with the unread count, and pages them', async () => {
    const fetchMock = stubApi({ 'GET /api/portal/notifications': ok(aList([aNotification()], 1, 45)) });
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Printer offline/ })).toHaveAttribute('href', '/tickets/5');
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');
    expect(last.searchParams.get('offset')).toBe('40');
    expect(last.searchParams.get('limit')).toBe('20');
  });

  it('shows an empty state', async () => {
    stubApi({ 'GET /api/portal/notifications': ok(aList([])) });
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });

  it('shows a failure with Retry', async () => {
    stubApi({ 'GET /api/portal/notifications': failure(500, 'Something went wrong') });
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('announces the loading', () => {
    stubApi({ 'GET /api/portal/notifications': () => new Promise<Response>(() => undefined) });
    renderSignedIn(<NotificationsPage />, { route: '/notifications' });
    expect(screen.getByText('Loading notifications').closest('[role="status"]')).toHaveAttribute('aria-busy', 'true');
  });
});
