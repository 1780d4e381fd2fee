import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Set by scripts/build-release.mjs when it compiles the server into the release folder
 * (release/server/main.js beside release/web and release/server/migrations); undefined otherwise.
 */
declare const __PORTAL_RELEASE_LAYOUT__: boolean | undefined;
const inRelease = typeof __PORTAL_RELEASE_LAYOUT__ !== 'undefined' && __PORTAL_RELEASE_LAYOUT__;
const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * The root relative paths in configuration are read from, so they mean the same from any working
 * directory: the repository (src/config and dist/bin are both four levels below it), or the release
 * folder (release/server is one level below it).
 */
export const REPO_ROOT = inRelease ? resolve(here, '..') : resolve(here, '../../../..');
export const WEB_DIST_DIR = resolve(REPO_ROOT, inRelease ? 'web' : 'apps/web/dist');
/** The web app's prerender program (decision 0022): built beside the app, never served. */
export const WEB_PRERENDER_ENTRY = resolve(REPO_ROOT, inRelease ? 'web-prerender/prerender.js' : 'apps/web/dist-prerender/prerender.js');
export const MIGRATIONS_DIR = resolve(REPO_ROOT, inRelease ? 'server/migrations' : 'apps/server/src/db/migrations');

export function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}
