/**
 * The program that makes the signed-out pages, and the skeletons of the signed-in screens, on the server (decision 0022).
 * Vite's SSR build makes it self-contained in apps/web/dist-prerender/prerender.js (release:
 * web-prerender/), outside what the server serves. The portal server forks it once it is listening and sends one
 * message, a PrerenderRequest: the public configuration that /config.js hands the browser, the built index.html, and
 * the addresses to render. It answers with each page as it is to be sent (index.html with the markup inside #root,
 * and its brotli and gzip copies), each screen's skeleton document likewise (the skeleton before the empty #root),
 * or with an error, and exits. A child process, so that React's server renderer, Mantine and the compressors'
 * buffers never stay in the server's memory (decision 0021's idle target).
 *
 * Run by hand, it prints the markup of the addresses given as arguments, with the development configuration:
 *   node apps/web/dist-prerender/prerender.js /login
 */
import { prerenderedDocument, skeletonDocument, type PrerenderedDocument } from './app/prerender-document';

export interface PrerenderRequest {
  config: unknown;
  /** index.html as built, with an empty <div id="root"></div>. */
  template: string;
  urls: string[];
}

/**
 * `pages`: the signed-out pages by the address asked for. `skeletons`: by the path of each signed-in screen, the
 * document with its skeleton, which the server sends on that path and on the addresses below it (/tickets/42).
 */
export type PrerenderAnswer = { pages: Record<string, PrerenderedDocument>; skeletons: Record<string, PrerenderedDocument> } | { error: string };

interface Markup {
  pages: Record<string, string>;
  skeletons: Record<string, string>;
}

async function renderMarkup(config: unknown, urls: string[]): Promise<Markup> {
  // shared/config.ts reads it when the app's modules load, as it reads /config.js in the browser, so the app is
  // imported only now.
  globalThis.__PORTAL_CONFIG__ = config;
  const { prerenderPage, prerenderSignedInSkeleton } = await import('./app/prerender-page');
  const { PORTAL_SECTIONS } = await import('./app/portal-sections');
  const markup: Markup = { pages: {}, skeletons: {} };
  for (const url of urls) markup.pages[url] = await prerenderPage(url);
  for (const section of PORTAL_SECTIONS) markup.skeletons[section.path] = await prerenderSignedInSkeleton(section);
  return markup;
}

async function answer({ config, template, urls }: PrerenderRequest): Promise<PrerenderAnswer> {
  try {
    const { pages, skeletons } = await renderMarkup(config, urls);
    return {
      pages: Object.fromEntries(urls.map((url) => [url, prerenderedDocument(template, pages[url] ?? '')])),
      skeletons: Object.fromEntries(Object.entries(skeletons).map(([path, skeleton]) => [path, skeletonDocument(template, skeleton)])),
    };
  } catch (error) {
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

const send = process.send?.bind(process);
if (send) {
  process.once('message', (request: PrerenderRequest) => {
    void answer(request).then((reply) => send(reply, undefined, {}, () => process.disconnect()));
  });
} else {
  const urls = process.argv.slice(2);
  const { pages, skeletons } = await renderMarkup(undefined, urls);
  for (const [url, markup] of Object.entries({ ...pages, ...skeletons })) process.stdout.write(`${url}\n${markup}\n\n`);
}
