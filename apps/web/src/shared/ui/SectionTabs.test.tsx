import { Tabs } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentSearch, renderWithProviders } from '../../test/render';
import { SectionTabs, useTabInAddress } from './SectionTabs';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'statements', label: 'Statements' },
  { value: 'payments', label: 'Payment History' },
] as const;

function Screen() {
  const [tab, openTab] = useTabInAddress(TABS);
  return (
    <SectionTabs tabs={TABS} value={tab} onChange={openTab} label="Billing sections">
      {TABS.map((t) => (
        <Tabs.Panel key={t.value} value={t.value}>
          The {t.label} panel
        </Tabs.Panel>
      ))}
    </SectionTabs>
  );
}

/** Gives the strip a width and a scroll width (jsdom lays nothing out). */
function stripOf(width: number, scrollWidth: number) {
  const strip = screen.getByRole('tablist', { name: 'Billing sections' });
  Object.defineProperty(strip, 'clientWidth', { configurable: true, value: width });
  Object.defineProperty(strip, 'scrollWidth', { configurable: true, value: scrollWidth });
  return strip;
}

describe('the tab strip of a screen', () => {
  it('is one named tab list whose open tab is kept in the address, the first tab leaving it bare', async () => {
    renderWithProviders(<Screen />, { route: '/billing?tab=statements' });
    const strip = screen.getByRole('tablist', { name: 'Billing sections' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Statements', 'Payment History']);
    expect(strip).toContainElement(screen.getByRole('tab', { name: 'Payment History' }));
    expect(screen.getByRole('tab', { name: 'Statements' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The Statements panel');

    await userEvent.click(screen.getByRole('tab', { name: 'Payment History' }));
    expect(currentSearch()).toBe('?tab=payments');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The Payment History panel');

    // The keyboard moves along the strip as along any tab list.
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Statements' })).toHaveFocus();

    await userEvent.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(currentSearch()).toBe('');
  });

  it('opens the first tab for an address naming no tab or an unknown one', () => {
    renderWithProviders(<Screen />, { route: '/billing?tab=secrets' });
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('The Overview panel');
  });

  it('marks the edges that have more tabs beyond them, as the strip scrolls', () => {
    renderWithProviders(<Screen />, { route: '/billing' });
    const strip = stripOf(200, 420);
    act(() => void fireEvent.scroll(strip));
    expect(strip).toHaveAttribute('data-more-after', 'true');
    expect(strip).not.toHaveAttribute('data-more-before');

    strip.scrollLeft = 100;
    act(() => void fireEvent.scroll(strip));
    expect(strip).toHaveAttribute('data-more-before', 'true');
    expect(strip).toHaveAttribute('data-more-after', 'true');

    strip.scrollLeft = 220;
    act(() => void fireEvent.scroll(strip));
    expect(strip).toHaveAttribute('data-more-before', 'true');
    expect(strip).not.toHaveAttribute('data-more-after');
  });

  it('marks no edge where every tab fits', () => {
    renderWithProviders(<Screen />, { route: '/billing' });
    const strip = stripOf(600, 600);
    act(() => void fireEvent.scroll(strip));
    expect(strip).not.toHaveAttribute('data-more-before');
    expect(strip).not.toHaveAttribute('data-more-after');
  });
});
