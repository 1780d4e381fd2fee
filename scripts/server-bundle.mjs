// Compiles the server into one JavaScript file per entry (main.js and cli.js), so it runs on plain
// Node.js: no TypeScript loader in memory, a faster start (decision 0021). The shared contract is bundled
// in (it is TypeScript source); the npm packages stay external and are listed by `externalPackages`, but
// for the few bundled in (BUNDLED_PACKAGES). What a module imports with `import()` is split into a chunk
// of its own beside the entries, loaded when first used (issue 34, an instance's start).
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';

export const root = new URL('..', import.meta.url).pathname;
const dependenciesOf = (path) => JSON.parse(readFileSync(`${root}/${path}`, 'utf8')).dependencies ?? {};

/** The npm packages the compiled server imports at run time (the server's and the contract's dependencies). */
export function externalPackages() {
  return [...new Set([...Object.keys(dependenciesOf('apps/server/package.json')), ...Object.keys(dependenciesOf('packages/contract/package.json'))])].filter(
    (name) => name !== '@portal/contract' && !BUNDLED_PACKAGES.includes(name),
  );
}

/**
 * Packages compiled into the server instead of loaded from node_modules: the contract checks phone numbers with
 * one function of libphonenumber-js, whose entry loads the whole package (93 modules, 440 KB: the as-you-type
 * formatter, the number finder) when external. Bundled, only that function and its metadata remain.
 */
const BUNDLED_PACKAGES = ['libphonenumber-js'];

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
    splitting: true,
    // Chunks sit beside the entries, so `import.meta.url` names the same folder in each (src/config/paths.ts).
    chunkNames: '[name]-[hash]',
    target: 'node20',
    sourcemap: true,
    external: externalPackages(),
    define: { __PORTAL_RELEASE_LAYOUT__: release ? 'true' : 'false' },
    // A bundled CommonJS helper may still call require().
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
    write: false,
  });
  // The chunks of an earlier build would stay beside the new ones (their names carry a hash).
  const written = new Set(result.outputFiles.map((file) => file.path));
  const folder = resolve(root, outdir);
  for (const name of filesIn(folder)) {
    if (/\.js(\.map)?$/.test(name) && !written.has(join(folder, name))) rmSync(join(folder, name));
  }
  for (const file of result.outputFiles) {
    mkdirSync(dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.path.endsWith('.js') ? asciiOnly(file.text) : file.contents);
  }
}

const filesIn = (folder) => {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};

/**
 * esbuild writes every string, template and regular expression in ASCII (its default charset) but keeps comments as
 * written, and one "…" or "→" in a comment makes V8 keep the whole script's source, which it holds for as long as the
 * server runs, at two bytes a character: 1.9 MB instead of 0.9 (issue 34, an instance's idle memory). What is left
 * outside ASCII is in comments; each UTF-16 unit becomes one "?", so every column the source map gives stays right.
 */
function asciiOnly(code) {
  return code.replace(/[\u0080-\uffff]/g, '?');
}
