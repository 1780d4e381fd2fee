import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { Link, MemoryRouter, Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useFocusHeadingOnNewScreen } from './focus-on-navigation';

function Screen({ title }: { title: string }) {
  const [, setSearch] = useSearchParams();
  return (
    <main>
      <h1>{title}</h1>
      <button type="button" onClick={() => setSearch({ tab: 'more' })}>
        Another tab
      </button>
    </main>
  );
}

function Portal() {
  const { pathname } = useLocation();
  useFocusHeadingOnNewScreen(pathname);
  return (
    <>
      <nav>
        <Link to="/billing">Billing</Link>
        <Link to="/tickets">Tickets</Link>
      </nav>
      <Routes>
        <Route path="/apps" element={<Screen title="Apps" />} />
        <Route path="/billing" element={<Screen title="Billing" />} />
        <Route path="/tickets" element={<Screen title="Tickets" />} />
        <Route path="/refused" element={<Navigate to="/apps" replace />} />
      </Routes>
    </>
  );
}

/** A screen whose heading arrives after its code and data, as a lazily loaded one's does. */
function LateScreen() {
  const { pathname } = useLocation();
  useFocusHeadingOnNewScreen(pathname);
  return (
    <>
      <Link to="/later">Later</Link>
      <Routes>
        <Route path="/" element={<main />} />
        <Route path="/later" element={<Late />} />
      </Routes>
    </>
  );
}

function Late() {
  const [, setSearch] = useSearchParams();
  useEffect(() => {
    const timer = setTimeout(() => setSearch({ loaded: '1' }), 50);
    return () => clearTimeout(timer);
  }, [setSearch]);
  const loaded = new URLSearchParams(useLocation().search).has('loaded');
  return <main>{loaded ? <h1>Later</h1> : <p>Loading</p>}</main>;
}

describe('the focus after a navigation', () => {
  it('moves to the new screen’s h1 after a link is followed, made focusable once, and stays put for a change within the screen', async () => {
    render(
      <MemoryRouter initialEntries={['/apps']}>
        <Portal />
      </MemoryRouter>,
    );
    // Not on the page first opened.
    expect(document.body).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Billing' }));
    const billing = screen.getByRole('heading', { level: 1, name: 'Billing' });
    expect(billing).toHaveFocus();
    expect(billing).toHaveAttribute('tabindex', '-1');

    await userEvent.click(screen.getByRole('button', { name: 'Another tab' }));
    expect(screen.getByRole('button', { name: 'Another tab' })).toHaveFocus();

    await userEvent.click(screen.getByRole('link', { name: 'Tickets' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Tickets' })).toHaveFocus();
  });

  it('does not take the focus on a redirect before the user has done anything', () => {
    render(
      <MemoryRouter initialEntries={['/refused']}>
        <Portal />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Apps' })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('waits for a heading that arrives after the screen', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <LateScreen />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Later' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Later' })).toHaveFocus();
    await act(async () => {});
  });
});
