import type { DashboardSummary } from '@portal/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { currentPath } from '../../../test/render';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { DashboardPage, dashboardGreeting } from './DashboardPage';
import { NO_RECENT_ACTIVITY } from './RecentActivity';

afterEach(() => vi.unstubAllGlobals());

const summary = (overrides: Partial<DashboardSummary> = {}): DashboardSummary => ({
  tickets_scope: 'account',
  open_tickets: 7,
  tickets_waiting_for_customer: 0,
  active_services: 9,
  provisioning_services: 2,
  monthly_cost: 2345.6,
  billing: { balance: 1234.5, past_due_balance: 200, days_past_due: 18 },
  ticket_trend: [
    { month: '2026-06', opened: 2, closed: 1 },
    { month: '2026-07', opened: 0, closed: 0 },
    { month: '2026-08', opened: 3, closed: 2 },
    { month: '2026-09', opened: 1, closed: 4 },
    { month: '2026-10', opened: 5, closed: 3 },
    { month: '2026-11', opened: 4, closed: 1 },
  ],
  recent_activity: [
    {
      id: 'ticket-1',
      kind: 'ticket_opened',
      title: 'Ticket TKT-1 opened',
      detail: 'Printer jam',
      amount: null,
      link: '/tickets',
      at: new Date(Date.now() - 3_600_000).toISOString(),
    },
    {
      id: 'payment-1',
      kind: 'payment',
      title: 'Payment received',
      detail: 'By card ending in 4242',
      amount: 75.5,
      link: '/billing',
      at: new Date(Date.now() - 86_400_000).toISOString(),
    },
  ],
  ...overrides,
});

const render = (session = aStoredSession({ admin_group: true, billing_group: true })) => renderSignedIn(<DashboardPage />, { route: '/dashboard', session });
const figure = (label: string) =>
  within(within(screen.getByRole('region', { name: 'Key figures' })).getByRole('group', { name: label })).getByText(/^\$?[\d,.]+$/).textContent;

describe('DashboardPage', () => {
  it('shows a loading state', () => {
    stubApi({ 'GET /api/portal/dashboard': pending });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Loading your dashboard')).toBeInTheDocument();
  });

  it('greets the user by name, in the wording the server’s skeleton has with slots for the names', () => {
    stubApi({ 'GET /api/portal/dashboard': pending });
    render();
    // One text, as the skeleton's paragraph reads once /color-scheme.js has filled it (prerender-page.test.tsx).
    expect(screen.getByText('Welcome back, Dana. Here is Northwind Traders at a glance.')).toBeInTheDocument();
    expect(dashboardGreeting('Dana', 'Northwind Traders')).toBe('Welcome back, Dana. Here is Northwind Traders at a glance.');
  });

  it('shows the account’s figures, with the balance for the billing group', async () => {
    stubApi({ 'GET /api/portal/dashboard': ok(summary()) });
    render();
    await screen.findByRole('region', { name: 'Key figures' });
    expect(figure('Open Tickets')).toBe('7');
    expect(figure('Active Services')).toBe('9');
    expect(figure('Monthly Cost')).toBe('$2,345.60');
    expect(figure('Balance')).toBe('$1,234.50');
    expect(screen.getByText('$200.00 past due (18 days)')).toBeInTheDocument();
    expect(screen.getByText('Across your organization')).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Shortcuts' })).getByRole('link', { name: /Billing/ })).toHaveAttribute('href', '/billing');
  });

  it('says how many open tickets wait for the user’s reply, as a link to the tickets (decision 0033)', async () => {
    stubApi({ 'GET /api/portal/dashboard': ok(summary({ tickets_waiting_for_customer: 2 })) });
    const { unmount } = render();
    const openTickets = within(await screen.findByRole('region', { name: 'Key figures' })).getByRole('group', { name: 'Open Tickets' });
    expect(openTickets).toHaveTextContent('Across your organization');
    await userEvent.click(within(openTickets).getByRole('link', { name: '2 waiting for your reply' }));
    expect(currentPath()).toBe('/tickets');
    unmount();

    stubApi({ 'GET /api/portal/dashboard': ok(summary({ tickets_waiting_for_customer: 1 })) });
    render();
    expect(await screen.findByRole('link', { name: '1 waiting for your reply' })).toBeInTheDocument();
  });

  it('shows administrators their account’s satisfaction, and no card when the answer has none (decision 0047)', async () => {
    stubApi({ 'GET /api/portal/dashboard': ok(summary({ satisfaction: { count: 12, average: 4.5 } })) });
    const { unmount } = render();
    const card = within(await screen.findByRole('region', { name: 'Key figures' })).getByRole('group', { name: 'Satisfaction' });
    expect(card).toHaveTextContent('4.5 / 5');
    expect(card).toHaveTextContent('12 ratings, last 90 days');
    unmount();
    stubApi({ 'GET /api/portal/dashboard': ok(summary({ satisfaction: null })) });
    render();
    await screen.findByRole('region', { name: 'Key figures' });
    expect(screen.queryByRole('group', { name: 'Satisfaction' })).toBeNull();
  });

  it('says nothing of waiting tickets when none waits', async () => {
    stubApi({ 'GET /api/portal/dashboard': ok(summary()) });
    render();
    await screen.findByRole('region', { name: 'Key figures' });
    expect(screen.queryByText(/waiting for your reply/)).not.toBeInTheDocument();
  });

  it('leaves the balance out when the server sends none (not in the billing group)', async () => {
    stubApi({ 'GET /api/portal/dashboard': ok(summary({ billing: null, tickets_scope: 'assigned' })) });
    render(aStoredSession());
    await screen.findByRole('region', { name: 'Key figures' });
    expect(screen.queryByText('Balance')).not.toBeInTheDocument();
    expect(screen.getByText('Assigned to you')).toBeInTheDocument();
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(within(shortcuts).queryByRole('link', { name: /Billing/ })).not.toBeInTheDocument();
    expect(within(shortcuts).getByRole('link', { name: /Profile/ })).toHaveAttribute('href', '/profile');
  });

  it('offers the chart’s figures as a table, and says when there were no tickets', async () => {
    stubApi({ 'GET /api/portal/dashboard': ok(summary()) });
    const { unmount } = render();
    const table = await screen.findByRole('table', { name: 'Support tickets per month' });
    expect(within(table).getByRole('row', { name: 'Oct 2026 5 3' })).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/portal/dashboard': ok(summary({ ticket_trend: summary().ticket_trend.map((p) => ({ ...p, opened: 0, closed: 0 })) })) });
    render();
    expect(await screen.findByText('No tickets in the last six months.')).toBeInTheDocument();
  });

  it('lists recent activity with amounts and links, or says there is none', async () => {
    stubApi({ 'GET /api/portal/dashboard': ok(summary()) });
    const { unmount } = render();
    const activity = await screen.findByRole('region', { name: 'Recent activity' });
    expect(within(activity).getByText('$75.50')).toBeInTheDocument();
    expect(within(activity).getByText('1 hour ago')).toBeInTheDocument();
    await userEvent.click(within(activity).getByRole('link', { name: 'Ticket TKT-1 opened' }));
    expect(currentPath()).toBe('/tickets');
    unmount();

    stubApi({ 'GET /api/portal/dashboard': ok(summary({ recent_activity: [] })) });
    render();
    expect(await screen.findByText(NO_RECENT_ACTIVITY)).toBeInTheDocument();
  });

  it('shows an error with Retry', async () => {
    let calls = 0;
    stubApi({ 'GET /api/portal/dashboard': () => (++calls === 1 ? failure(500, 'Something broke') : ok(summary())) });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Dashboard');
    expect(alert).toHaveTextContent('Something broke');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeInTheDocument();
  });
});
