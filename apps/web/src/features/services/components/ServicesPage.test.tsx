import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { aService } from '../service.fixture';
import { ServiceCard } from './ServiceCard';
import { ServicesPage } from './ServicesPage';

afterEach(() => vi.unstubAllGlobals());

const SERVICES = [
  aService({
    pk: 1,
    price: 598.8,
    product: { name: 'ITP Voice Business Seat', category: 'Voice', description: null },
    prod_description: 'Head office',
    quantity: 24,
    metadata: { purchased_users: 24, did: '+16175550100', price_per_did: 1.5 },
  }),
  aService({ pk: 2, price: 279.6, provision_status: 'pending', product: { name: 'Call Center Seat', category: 'Voice', description: null } }),
  aService({ pk: 3, price: 189, product: { name: 'ITP Cloud Server', category: 'Cloud', description: null } }),
  aService({ pk: 4, price: 79, status: 'suspended', product: { name: 'Test Server', category: 'Cloud', description: null } }),
  aService({ pk: 5, price: 259.2, status: 'inactive', product: { name: 'Google Workspace', category: 'Cloud', description: null } }),
  aService({ pk: 6, price: 75, product: { name: 'Offsite Backup', category: 'Hosted Service', description: null } }),
];

const render = () => renderSignedIn(<ServicesPage />, { route: '/services' });
const card = (name: string) => screen.getByRole('article', { name });

describe('ServicesPage', () => {
  it('shows its title, Refresh and Manage Services, and a loading state', () => {
    stubApi({ 'GET /api/crm/services': pending });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Enterprise Services' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Manage Services' })).toBeInTheDocument();
    expect(screen.getByText('Loading your services')).toBeInTheDocument();
  });

  it('shows the four summary cards, the Monthly Cost of active services in USD', async () => {
    stubApi({ 'GET /api/crm/services': ok(SERVICES) });
    render();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const figure = (label: string) => within(within(summary).getByRole('group', { name: label })).getByText(/^\$?[\d,.]+$/).textContent;
    expect(figure('Active Services')).toBe('3');
    expect(figure('Provisioning')).toBe('1');
    expect(figure('Issues')).toBe('2');
    // 598.80 + 279.60 + 189 + 75 (status active, whatever the provisioning) = 1,142.40
    expect(figure('Monthly Cost')).toBe('$1,142.40');
  });

  it('shows each service with its display state of docs/product.md §4', async () => {
    stubApi({ 'GET /api/crm/services': ok(SERVICES) });
    render();
    await screen.findByRole('region', { name: 'Summary' });
    expect(within(card('ITP Voice Business Seat')).getByText('Active')).toBeInTheDocument();
    expect(within(card('Call Center Seat')).getByText('Provisioning')).toBeInTheDocument();
    expect(within(card('Test Server')).getByText('Suspended')).toBeInTheDocument();
    expect(within(card('Google Workspace')).getByText('Inactive')).toBeInTheDocument();
    const voice = card('ITP Voice Business Seat');
    expect(voice).toHaveTextContent('Head office');
    expect(voice).toHaveTextContent('$598.80');
    expect(voice).toHaveTextContent('(617) 555-0100');
    expect(voice).toHaveTextContent('Jan 5, 2026');
  });

  it('shows a status it does not know as Unknown instead of failing the whole screen (docs/product.md §4)', async () => {
    stubApi({
      'GET /api/crm/services': ok([
        ...SERVICES,
        aService({
          pk: 7,
          status: 'archived',
          provision_status: 'migrating',
          item_type: 'sip_trunk',
          product: { name: 'Legacy Trunk', category: 'Voice', description: null },
        }),
      ]),
    });
    render();
    await screen.findByRole('region', { name: 'Summary' });
    expect(within(card('Legacy Trunk')).getByText('Unknown')).toBeInTheDocument();
    expect(within(card('ITP Voice Business Seat')).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Services')).not.toBeInTheDocument();
  });

  it('breaks the services down by Voice, Hosted Service and Cloud, each bar sized by the cost beside it', async () => {
    stubApi({ 'GET /api/crm/services': ok(SERVICES) });
    render();
    const breakdown = await screen.findByRole('region', { name: 'By category' });
    const bars = within(breakdown).getAllByRole('progressbar');
    // Active services: Voice $878.40, Hosted Service $75.00, Cloud $189.00 of $1,142.40 a month.
    expect(bars.map((bar) => bar.getAttribute('aria-label'))).toEqual([
      'Voice: 77% of the monthly cost',
      'Hosted Service: 7% of the monthly cost',
      'Cloud: 17% of the monthly cost',
    ]);
    expect(breakdown).toHaveTextContent('$878.40');
    expect(screen.getByRole('group', { name: 'Monthly Cost' })).toHaveTextContent('$1,142.40');
  });

  it('shows no money to a contact without billing access: no Monthly Cost, no prices, bars by number of services', async () => {
    stubApi({ 'GET /api/crm/services': ok(SERVICES.map((service) => ({ ...service, price: null, metadata: {} }))) });
    render();
    const breakdown = await screen.findByRole('region', { name: 'By category' });
    expect(screen.queryByRole('group', { name: 'Monthly Cost' })).not.toBeInTheDocument();
    expect(
      within(breakdown)
        .getAllByRole('progressbar')
        .map((bar) => bar.getAttribute('aria-label')),
    ).toEqual(['Voice: 33% of the services', 'Hosted Service: 17% of the services', 'Cloud: 50% of the services']);
    expect(document.body).not.toHaveTextContent('$');
  });

  it('shows the empty state of the spec', async () => {
    stubApi({ 'GET /api/crm/services': ok([]) });
    render();
    expect(await screen.findByRole('heading', { name: 'No Services Found' })).toBeInTheDocument();
    expect(screen.getByText('No services are currently configured for your account.')).toBeInTheDocument();
  });

  it('shows the server’s message under Error Loading Services, and Retry recovers', async () => {
    let calls = 0;
    stubApi({ 'GET /api/crm/services': () => (++calls === 1 ? failure(503, 'Billing system is down') : ok(SERVICES)) });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error Loading Services');
    expect(alert).toHaveTextContent('Billing system is down');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
  });

  it('falls back to “Failed to load services” when the server sent no message', async () => {
    stubApi({ 'GET /api/crm/services': () => new Response('<html>bad gateway</html>', { status: 502 }) });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load services');
  });

  it('loads again on Refresh, and Manage Services explains how to change services', async () => {
    const fetchMock = stubApi({ 'GET /api/crm/services': ok(SERVICES) });
    render();
    await screen.findByRole('region', { name: 'Summary' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await userEvent.click(screen.getByRole('button', { name: 'Manage Services' }));
    expect(await screen.findByRole('dialog', { name: 'Manage Services' })).toHaveTextContent('To add, change or cancel a service');
  });
});

describe('ServiceCard', () => {
  it('shows a status it does not know as Unknown', () => {
    stubApi({});
    renderSignedIn(
      <ServiceCard service={aService({ status: 'retired' as never, product: { name: 'Mystery', category: 'Cloud', description: null } })} timeZone="UTC" />,
    );
    expect(within(card('Mystery')).getByText('Unknown')).toBeInTheDocument();
  });
});
