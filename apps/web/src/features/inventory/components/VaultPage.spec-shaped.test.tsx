import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedRoutes } from '../../../test/spec-shaped';
import { PASSWORD_HIDDEN } from './CredentialCard';
import { VaultPage } from './VaultPage';

/* The vault against a portal API that answers GET /crm/credentials exactly as the spec describes (docs/decisions/0029). */

afterEach(() => vi.unstubAllGlobals());

const pathsCalled = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test').pathname);

describe('VaultPage against a spec-shaped API', () => {
  it('masks the password the answer carries, shows and copies it without a reveal call, and says when an administrator hid one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(specShapedRoutes('listCredentials'));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault' });
    const router = await screen.findByRole('article', { name: 'Router admin' });
    expect(router).toHaveTextContent('••••••••');
    expect(router).toHaveTextContent('ExpiresJan 31, 2027');
    await user.click(within(router).getByRole('button', { name: 'Show the password of Router admin' }));
    expect(within(router).getByText('S3cret-Router!')).toBeInTheDocument();
    await user.click(within(router).getByRole('button', { name: 'Copy the password of Router admin' }));
    expect(await navigator.clipboard.readText()).toBe('S3cret-Router!');

    const payroll = screen.getByRole('article', { name: 'Payroll portal' });
    expect(payroll).toHaveTextContent(PASSWORD_HIDDEN);
    expect(payroll).toHaveTextContent('ExpiresNever');
    expect(screen.getByText('2 credentials')).toBeInTheDocument();
    expect(pathsCalled(fetchMock).filter((path) => path.endsWith('/reveal'))).toEqual([]);
  });

  it('searches the list itself when the API answers every credential whatever the search', async () => {
    const user = userEvent.setup();
    stubApi(specShapedRoutes('listCredentials'));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault' });
    await screen.findByRole('article', { name: 'Router admin' });
    await user.type(screen.getByRole('textbox', { name: 'Search credentials' }), 'payroll');
    expect(await screen.findByText('1 credential')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Router admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Payroll portal' })).toBeInTheDocument();
  });

  it('keeps a password an administrator hid out of the edit form', async () => {
    const user = userEvent.setup();
    stubApi(specShapedRoutes('listCredentials'));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault' });
    await user.click(await screen.findByRole('button', { name: 'Actions for Payroll portal' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Payroll portal' });
    expect(dialog).toHaveTextContent('The password was hidden by an administrator of your provider and cannot be changed here.');
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
