import { Modal } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState } from 'react';
import { renderWithProviders } from '../../test/render';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadedWhenOpened, usePreloadWhenIdle, usePreloadWhile } from './LoadedWhenOpened';

afterEach(() => vi.useRealTimers());

describe('a dialog loaded when first opened', () => {
  it('loads and mounts its code only at the first opening, and stays mounted after closing', async () => {
    const load = vi.fn(async () => ({ default: ({ opened }: { opened: boolean }) => <p>{opened ? 'dialog open' : 'dialog closed'}</p> }));
    const Dialog = lazy(load);
    const view = (opened: boolean) => (
      <LoadedWhenOpened opened={opened}>
        <Dialog opened={opened} />
      </LoadedWhenOpened>
    );
    const { rerender } = render(view(false));
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/dialog/)).not.toBeInTheDocument();

    rerender(view(true));
    expect(await screen.findByText('dialog open')).toBeInTheDocument();
    rerender(view(false));
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('the focus when a dialog loaded at its first opening closes', () => {
  it('goes back to the button that opened it, the first time as every time after', async () => {
    const Dialog = lazy(async () => ({
      default: ({ opened, onClose }: { opened: boolean; onClose: () => void }) => (
        <Modal opened={opened} onClose={onClose} title="Download">
          <button type="button">Inside</button>
        </Modal>
      ),
    }));
    function Screen() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Download the agent
          </button>
          <LoadedWhenOpened opened={opened}>
            <Dialog opened={opened} onClose={() => setOpened(false)} />
          </LoadedWhenOpened>
        </>
      );
    }
    renderWithProviders(<Screen />);
    const opener = screen.getByRole('button', { name: 'Download the agent' });
    for (const time of ['first', 'second']) {
      await userEvent.click(opener);
      expect(await screen.findByRole('dialog', { name: 'Download' }), time).toBeInTheDocument();
      await waitFor(() => expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull());
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(opener, time).toHaveFocus());
    }
  });
});

describe('preloading when idle', () => {
  it('starts the loads once, a while after the screen has mounted, and not at all when it is gone before', () => {
    vi.useFakeTimers();
    const load = vi.fn(async () => {});
    function Screen() {
      usePreloadWhenIdle(load);
      const [, rerender] = useState(0);
      return <button onClick={() => rerender((n) => n + 1)}>again</button>;
    }
    const first = render(<Screen />);
    act(() => screen.getByRole('button').click());
    expect(load).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2_000));
    act(() => vi.runOnlyPendingTimers());
    expect(load).toHaveBeenCalledTimes(1);
    first.unmount();

    render(<Screen />).unmount();
    act(() => vi.advanceTimersByTime(10_000));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('preloading what an address opens directly', () => {
  it('starts the load while it is shown, and not otherwise', () => {
    const load = vi.fn(async () => {});
    function Screen({ tab }: { tab: string }) {
      usePreloadWhile(tab === 'pay', load);
      return null;
    }
    const { rerender } = render(<Screen tab="overview" />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Screen tab="pay" />);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
