import { Notifications } from '@mantine/notifications';
import type { StoredSession } from '@portal/contract';
import type { RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi, type Mock } from 'vitest';
import { aStoredSession, jsonResponse } from './fixtures';
import { renderWithProviders } from './render';

/** Renders a signed-in screen as the shell would: session, the signed-in user context and toasts. */
export function renderSignedIn(ui: ReactElement, { route = '/', session = aStoredSession() }: { route?: string; session?: StoredSession } = {}): RenderResult {
  return renderWithProviders(
    <>
      <Notifications />
      {ui}
    </>,
    { route, session },
  );
}

/** A function answer is given the request's address (its query included). */
type Answer = Response | ((url: URL) => Response | Promise<Response>);

/**
 * Stubs `fetch` by "METHOD /api/path" (query ignored); each route answers with a Response or a
 * function (for a fresh body per call, or one that never settles). Unknown calls fail the test loudly.
 */
export function stubApi(routes: Record<string, Answer>): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://portal.test');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = routes[key];
    if (!answer) throw new Error(`Unexpected call ${key}`);
    return typeof answer === 'function' ? answer(url) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const ok = (result: unknown, message?: string) => jsonResponse({ errors: false, result, ...(message ? { message } : {}) });
export const failure = (status: number, message: string, fields?: Record<string, string>) =>
  jsonResponse({ errors: true, message, ...(fields ? { fields } : {}) }, status);
/** A request that never answers: the screen stays in its loading state. */
export const pending = () => new Promise<Response>(() => undefined);
