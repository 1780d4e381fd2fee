import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ActionMenu } from './ActionMenu';

describe("a row's action menu, loaded when first opened", () => {
  it('opens at the first click, runs the chosen action, skips a disabled one, and gives the focus back to its button', async () => {
    const resend = vi.fn();
    const remove = vi.fn();
    renderWithProviders(
      <ActionMenu
        label="More actions for Ada Lovelace"
        items={[
          { label: 'Resend invitation', icon: null, disabled: true, onClick: resend },
          { label: 'Delete user', color: 'red', icon: null, onClick: remove },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'More actions for Ada Lovelace' });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Resend invitation' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Delete user' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'More actions for Ada Lovelace' })).toHaveFocus());

    await userEvent.click(screen.getByRole('button', { name: 'More actions for Ada Lovelace' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete user' }));
    expect(remove).toHaveBeenCalledTimes(1);
    expect(resend).not.toHaveBeenCalled();
  });
});
