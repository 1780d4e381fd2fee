import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PortalRoutes } from './App';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

/**
 * The markup of the portal at `url` (a path with its query), as the browser's first render makes it for a
 * visitor who is signed out; the server puts it inside #root (decision 0022). React's `prerender` waits for
 * the lazily loaded pages, where `renderToString` would leave their Suspense fallback. A page that fails
 * anywhere fails as a whole: half a page is never sent.
 */
export async function prerenderPage(url: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={url}>
          <PortalRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // Every Suspense boundary inline: by default React moves a large one (> 12.8 KB, the sign-in card with
      // its styles) to the end with a script that swaps it in, and the page allows no inline script (CSP).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(`Rendering ${url} failed: ${String(errors[0])}`);
  return html;
}
