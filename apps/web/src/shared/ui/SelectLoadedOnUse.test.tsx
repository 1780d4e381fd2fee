import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';

const OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

/** A fresh copy of the module each time: whether the Select's code has arrived is the module's to remember. */
async function renderSortSelect(onChange = vi.fn()) {
  const { SelectLoadedOnUse } = await import('./SelectLoadedOnUse');
  renderWithProviders(<SelectLoadedOnUse label="Sort by" data={OPTIONS} value="newest" onChange={onChange} allowDeselect={false} />);
  return onChange;
}

beforeEach(() => vi.resetModules());

describe('a select whose code loads when it is used', () => {
  it('shows its value at once, opens at the first click once its code is here, and changes the value', async () => {
    const onChange = await renderSortSelect();
    const field = screen.getByRole('combobox', { name: 'Sort by' });
    expect(field).toHaveValue('Newest first');
    expect(field).toHaveAttribute('aria-expanded', 'false');

    await userEvent.click(field);
    await userEvent.click(await screen.findByRole('option', { name: 'Oldest first' }));
    expect(onChange).toHaveBeenCalledWith('oldest', expect.objectContaining({ value: 'oldest' }));
  });

  it('opens from the keyboard too, with the focus kept on the field', async () => {
    await renderSortSelect();
    await userEvent.tab();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Oldest first' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveFocus());
  });
});
