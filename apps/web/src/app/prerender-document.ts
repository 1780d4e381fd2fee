import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

/** A prerendered page as the server sends it; the compressed copies in base64 (the IPC channel carries JSON). */
export interface PrerenderedDocument {
  html: string;
  br: string;
  gzip: string;
}

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * index.html (`template`, as built) with `markup` inside its #root, and its brotli and gzip copies, compressed
 * once at the highest levels as the build compresses the app's files (decision 0021).
 */
export function prerenderedDocument(template: string, markup: string): PrerenderedDocument {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`index.html has no ${EMPTY_ROOT} to put the markup in`);
  // A function, so that a `$&` in the markup stays as it is.
  const html = template.replace(EMPTY_ROOT, () => `<div id="root">${markup}</div>`);
  const br = brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } });
  return { html, br: br.toString('base64'), gzip: gzipSync(html, { level: 9 }).toString('base64') };
}
