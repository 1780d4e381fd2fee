// Compiles the server into one JavaScript file per entry (main.js and cli.js), so it runs on plain
// Node.js: no TypeScript loader in memory, a faster start (decision 0021). The shared contract is bundled
// in (it is TypeScript source); every npm package stays external and is listed by `externalPackages`.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { build } from 'esbuild';

export const root = new URL('..', import.meta.url).pathname;
const dependenciesOf = (path) => JSON.parse(readFileSync(`${root}/${path}`, 'utf8')).dependencies ?? {};

/** The npm packages the compiled server imports at run time (the server's and the contract's dependencies). */
export function externalPackages() {
  return [...new Set([...Object.keys(dependenciesOf('apps/server/package.json')), ...Object.keys(dependenciesOf('packages/contract/package.json'))])].filter(
    (name) => name !== '@portal/contract',
  );
}

/**
 * `entryPoints` other than the server's own (the ticket benchmark's server) compile the same way.
 * `release: true` compiles for the release folder's layout (release/server beside release/web), which
 * src/config/paths.ts reads from the __PORTAL_RELEASE_LAYOUT__ constant.
 */
export async function bundleServer({ outdir, release = false, entryPoints = { main: 'apps/server/src/serve.ts', cli: 'apps/server/src/cli.ts' } }) {
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: externalPackages(),
    define: { __PORTAL_RELEASE_LAYOUT__: release ? 'true' : 'false' },
    // A bundled CommonJS helper may still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.js') ? asciiOnly(file.text) : file.contents);
  }
}

/**
 * esbuild writes every string, template and regular expression in ASCII (its default charset) but keeps comments as
 * written, and one "…" or "→" in a comment makes V8 keep the whole script's source, which it holds for as long as the
 * server runs, at two bytes a character: 1.9 MB instead of 0.9 (issue 34, an instance's idle memory). What is left
 * outside ASCII is in comments; each UTF-16 unit becomes one "?", so every column the source map gives stays right.
 */
function asciiOnly(code) {
  return code.replace(/[\u0080-\uffff]/g, '?');
}
