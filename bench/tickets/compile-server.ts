import { build } from 'esbuild';
// @ts-expect-error -- a plain .mjs module of the build scripts, without types
import { externalPackages, root } from '../../scripts/server-bundle.mjs';

/**
 * The benchmark's server compiled as `npm start` runs the portal (issue 16): one JavaScript file on
 * plain Node.js, no TypeScript loader in memory, so its CPU and memory figures are the product's.
 * It sits four folders below the repository root, as the compiled server does (src/config/paths.ts).
 */
export async function compileBenchServer(): Promise<string> {
  const outfile = `${root}/apps/server/dist/bench/tickets-server.js`;
  await build({
    absWorkingDir: root,
    entryPoints: ['bench/tickets/server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: [...(externalPackages() as string[]), 'autocannon'],
    define: { __PORTAL_RELEASE_LAYOUT__: 'false' },
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}
