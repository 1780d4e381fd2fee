import { act, render, screen } from '@testing-library/react';
import { lazy, useState } from 'react';
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
