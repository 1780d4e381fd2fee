// Compiles the server into one JavaScript file per entry (apps/server/dist/bin/main.js and cli.js),
// so `npm start` runs plain Node.js: no TypeScript loader in memory, a faster start (issue 16).
// The shared contract is bundled in (it is TypeScript source); every npm package stays external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const dependenciesOf = (path) => Object.keys(JSON.parse(readFileSync(`${root}/${path}`, 'utf8')).dependencies ?? {});
const external = [...new Set([...dependenciesOf('apps/server/package.json'), ...dependenciesOf('packages/contract/package.json')])].filter(
  (name) => name !== '@portal/contract',
);

await build({
  absWorkingDir: root,
  entryPoints: { main: 'apps/server/src/main.ts', cli: 'apps/server/src/cli.ts' },
  // Four levels below the repository root, as src/config/paths.ts is: its REPO_ROOT holds for both.
  outdir: 'apps/server/dist/bin',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // A bundled CommonJS helper may still call require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});
console.log('server compiled (apps/server/dist/bin)');
