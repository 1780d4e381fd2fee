import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedRoutes } from '../../../test/spec-shaped';
import { ServicesPage } from './ServicesPage';

/* The services screen against a portal API that answers GET /crm/services exactly as the spec describes (docs/decisions/0029). */

afterEach(() => vi.unstubAllGlobals());

describe('ServicesPage against a spec-shaped API', () => {
  it('shows the summary and a card per service', async () => {
    stubApi(specShapedRoutes('listServices'));
    renderSignedIn(<ServicesPage />, { route: '/services' });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const figure = (label: string) => within(within(summary).getByRole('group', { name: label })).getByText(/^\$?[\d,.]+$/).textContent;
    expect(figure('Active Services')).toBe('1');
    expect(figure('Provisioning')).toBe('1');
    expect(figure('Issues')).toBe('0');
    expect(figure('Monthly Cost')).toBe('$348.50');
    const voice = screen.getByRole('article', { name: 'Hosted Voice' });
    expect(within(voice).getByText('Active')).toBeInTheDocument();
    expect(voice).toHaveTextContent('Hosted Voice — 10 seats');
    expect(voice).toHaveTextContent('$249.50');
    expect(within(screen.getByRole('article', { name: 'Cloud Backup' })).getByText('Provisioning')).toBeInTheDocument();
  });
});
