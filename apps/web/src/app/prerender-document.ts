import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** A prerendered page as the server sends it; the compressed copies in base64 (the IPC channel carries JSON). */
export interface PrerenderedDocument {
  html: string;
  br: string;
  gzip: string;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * On a prerendered page the app's scripts are not needed for the first paint (the markup and the stylesheet
 * are), so they are fetched at low priority: on a phone's narrow connection the stylesheet gets the bandwidth
 * first and the page paints before the ~180 KB of script has arrived. (Lighthouse's simulation counts every
 * high-priority request that ended before the first paint as holding it up, so it sees this too.)
 */
function withAppScriptsAtLowPriority(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"');
}

function sendable(html: string): PrerenderedDocument {
  const br = brotliCompressSync(html, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) },
  });
  return { html, br: br.toString('base64'), gzip: gzipSync(html, { level: 9 }).toString('base64') };
}

/**
 * index.html (`template`, as built) with `markup` put in by `place` (given the empty #root, it returns what replaces
 * it) and the app's scripts at low priority, and its brotli and gzip copies, compressed once at the highest levels
 * as the build compresses the app's files (decision 0021).
 */
function documentWith(template: string, place: (emptyRoot: string) => string): PrerenderedDocument {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to put the markup in`);
  // A function, so that a `$&` in the markup stays as it is.
  return sendable(withAppScriptsAtLowPriority(template).replace(EMPTY_ROOT, place));
}

/** A signed-out page: its markup inside #root, where the app hydrates it. */
export function prerenderedDocument(template: string, markup: string): PrerenderedDocument {
  return documentWith(template, () => `<div id="root">${markup}</div>`);
}

/**
 * A signed-in screen's skeleton: before #root, which stays empty; the app renders into #root and removes the
 * skeleton when its screen is there (app/signed-in-skeleton.ts).
 */
export function skeletonDocument(template: string, skeleton: string): PrerenderedDocument {
  return documentWith(template, (emptyRoot) => `${skeleton}${emptyRoot}`);
}
