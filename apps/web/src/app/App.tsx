import { BrowserRouter } from 'react-router';
import { SessionProvider } from '../shared/session';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRoutes } from './router';

const queryClient = createQueryClient();

/** The portal in the browser (main.tsx). */
export function App() {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <PortalRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

/**
 * Everything inside the router: the same under the browser's router and under the fixed address of the
 * server's prerender (src/prerender.tsx), so the prerendered markup is what the browser's first render makes.
 */
export function PortalRoutes() {
  return (
    <SessionProvider>
      <AppRoutes />
    </SessionProvider>
  );
}
