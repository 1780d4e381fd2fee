import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so relative paths in configuration mean the same from any working directory. */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
export const WEB_DIST_DIR = resolve(REPO_ROOT, 'apps/web/dist');
export const MIGRATIONS_DIR = resolve(REPO_ROOT, 'apps/server/src/db/migrations');

export function fromRepoRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(REPO_ROOT, path);
}
