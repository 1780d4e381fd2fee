import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { PortalRoutes } from './App';
import { SignedInSkeleton, SignedInSkeletonOverlay } from './layouts/SignedInSkeleton';
import type { PortalSection } from './portal-sections';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';

/** `page` at `url` inside the app's providers, as in the browser (App.tsx), under the server's fixed address. */
function inThePortal(url: string, page: ReactNode) {
  return (
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <StaticRouter location={url}>{page}</StaticRouter>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * The markup of `tree`. React's `prerender` waits for the lazily loaded pages, where `renderToString` would leave
 * their Suspense fallback. A page that fails anywhere fails as a whole: half a page is never sent.
 */
async function prerenderMarkup(url: string, tree: ReactNode): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(tree, {
    onError: (error) => void errors.push(error),
    // Every Suspense boundary inline: by default React moves a large one (> 12.8 KB, the sign-in card with
    // its styles) to the end with a script that swaps it in, and the page allows no inline script (CSP).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  if (errors.length) throw errors[0] instanceof Error ? errors[0] : new Error(`Rendering ${url} failed: ${String(errors[0])}`);
  return html;
}

/**
 * The markup of the portal at `url` (a path with its query), as the browser's first render makes it for a
 * visitor who is signed out; the server puts it inside #root (decision 0022).
 */
export function prerenderPage(url: string): Promise<string> {
  return prerenderMarkup(url, inThePortal(url, <PortalRoutes />));
}

/**
 * The skeleton of a signed-in screen; the server puts it before #root on that screen's addresses. Mantine's style
 * elements (its CSS variables) inside the skeleton's element too, so that removing it leaves nothing behind.
 */
export function prerenderSignedInSkeleton(section: PortalSection): Promise<string> {
  return prerenderMarkup(section.path, <SignedInSkeletonOverlay>{inThePortal(section.path, <SignedInSkeleton section={section} />)}</SignedInSkeletonOverlay>);
}
