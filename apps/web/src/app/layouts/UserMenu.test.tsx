import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../test/fixtures';
import { renderSignedIn, failure, ok, stubApi } from '../../test/signed-in';
import { THEME_NOT_SAVED } from './AccountMenu';
import { UserMenu } from './UserMenu';

afterEach(() => vi.unstubAllGlobals());

const PREFERENCES = 'PATCH /api/portal/my-profile/preferences';

async function chooseTheme(name: 'Light' | 'Dark' | 'System') {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /account menu/ }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

describe('the theme chosen in the account menu', () => {
  it('is shown at once and saved to the profile, so other browsers use it too', async () => {
    const fetchMock = stubApi({ [PREFERENCES]: ok({ ui_color_mode: 'dark' }) });
    renderSignedIn(<UserMenu accountName="Northwind Traders" />, { session: aStoredSession({ ui_color_mode: 'light' }) });
    await chooseTheme('Dark');

    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(new URL(String(url), 'http://portal.test').pathname).toBe('/api/portal/my-profile/preferences');
    expect(JSON.parse(String(init?.body))).toEqual({ ui_color_mode: 'dark' });
  });

  it('stays in use when it cannot be saved, and the user is told', async () => {
    stubApi({ [PREFERENCES]: failure(503, 'The profile service is unavailable') });
    renderSignedIn(<UserMenu accountName="Northwind Traders" />, { session: aStoredSession({ ui_color_mode: 'light' }) });
    await chooseTheme('Dark');

    expect(await screen.findByText(THEME_NOT_SAVED)).toBeInTheDocument();
    expect(document.documentElement.getAttribute('data-mantine-color-scheme')).toBe('dark');
  });
});

describe('the account menu', () => {
  it('opens at the first click, though its code loads only then, and gives the focus back to its button when closed', async () => {
    stubApi({});
    renderSignedIn(<UserMenu accountName="Northwind Traders" />, { session: aStoredSession() });
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: /account menu/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    expect(screen.getByRole('button', { name: /account menu/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menu')).toHaveTextContent('Northwind Traders');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Sign out' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: /account menu/ })).toHaveFocus());
  });
});
