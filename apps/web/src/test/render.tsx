import { MantineProvider } from '@mantine/core';
import type { StoredSession } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { SessionProvider } from '../shared/session';
import { writeSession } from '../shared/session/session-store';
import { portalCssVariables, portalTheme } from '../shared/ui/theme';

interface RenderOptions {
  /** The URL the browser starts at. */
  route?: string;
  /** A session already in local storage, as after an earlier sign-in. */
  session?: StoredSession;
}

/** Shows the router's current path, so tests can assert where navigation ended. */
function CurrentPath() {
  const { pathname, search } = useLocation();
  return (
    <output data-testid="current-path" data-search={search}>
      {pathname}
    </output>
  );
}

/** Renders with the providers the app uses; Mantine's test env turns off transitions and portals. */
export function renderWithProviders(ui: ReactElement, { route = '/', session }: RenderOptions = {}): RenderResult {
  if (session) writeSession(session);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider theme={portalTheme} cssVariablesResolver={portalCssVariables} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <SessionProvider>
            {ui}
            <CurrentPath />
          </SessionProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export function currentPath(): string {
  return screen.getByTestId('current-path').textContent ?? '';
}

/** The router's current query string (`?status=closed`, or ''). */
export function currentSearch(): string {
  return screen.getByTestId('current-path').dataset.search ?? '';
}
